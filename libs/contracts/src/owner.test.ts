import { describe, expect, it } from 'vitest';
import {
  CreateServiceRequestSchema,
  DayHoursSchema,
  HOURS_TIME_CHOICES,
  WeeklyHoursRequestSchema,
} from './owner.js';
import { RegisterFormSchema } from './auth.js';
import { defaultWeeklyHours } from './availability.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('owner contracts', () => {
  it('offers opening times every 30 minutes from 07:00 to 22:00', () => {
    expect(HOURS_TIME_CHOICES[0]).toBe('07:00');
    expect(HOURS_TIME_CHOICES.at(-1)).toBe('22:00');
    expect(HOURS_TIME_CHOICES).toHaveLength(31);
  });

  it('refuses an open day that closes before it opens, with the spec message', () => {
    const day = {
      dayOfWeek: 2,
      isOpen: true,
      openTime: '17:00',
      closeTime: '09:00',
      slotDuration: 30,
    };
    expect(messages(DayHoursSchema.safeParse(day))).toEqual([
      'Closing time must be after opening time',
    ]);
    expect(DayHoursSchema.safeParse({ ...day, isOpen: false }).success).toBe(true);
    expect(
      DayHoursSchema.safeParse({ ...day, closeTime: '17:00', openTime: '09:00', slotDuration: 20 })
        .success,
    ).toBe(false);
  });

  it('takes exactly the seven days of the week', () => {
    const week = defaultWeeklyHours();
    expect(WeeklyHoursRequestSchema.safeParse(week).success).toBe(true);
    expect(WeeklyHoursRequestSchema.safeParse(week.slice(1)).success).toBe(false);
    expect(WeeklyHoursRequestSchema.safeParse([...week.slice(1), week[1]]).success).toBe(false);
  });

  it('keeps service durations on the 15-minute grid and prices in whole cents', () => {
    const base = { businessId: 1, name: 'Cut', duration: 45, price: 4500 };
    expect(CreateServiceRequestSchema.parse(base).isActive).toBe(true);
    expect(CreateServiceRequestSchema.safeParse({ ...base, duration: 20 }).success).toBe(false);
    expect(CreateServiceRequestSchema.safeParse({ ...base, duration: 0 }).success).toBe(false);
    expect(CreateServiceRequestSchema.safeParse({ ...base, price: 12.5 }).success).toBe(false);
  });

  it("says 'Passwords don't match' on the confirmation field", () => {
    const r = RegisterFormSchema.safeParse({
      email: 'a@b.co',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(r.success).toBe(false);
    expect(r.success ? null : r.error.issues[0]?.path).toEqual(['confirmPassword']);
    expect(messages(r)).toEqual(["Passwords don't match"]);
  });
});
