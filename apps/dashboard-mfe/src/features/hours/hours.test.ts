import { describe, expect, it } from 'vitest';
import { applyToAll, dayInvalid, hasErrors, toDrafts, toRequest, updateDay } from './hours';

describe('business hours drafts', () => {
  it('fills all seven days, using the default template for missing ones', () => {
    const days = toDrafts([
      {
        businessId: 1,
        dayOfWeek: 2,
        isOpen: true,
        openTime: '10:00',
        closeTime: '12:00',
        intervals: [
          { openTime: '10:00', closeTime: '12:00' },
          { openTime: '13:00', closeTime: '15:00' },
        ],
        slotDuration: 60,
      },
    ]);
    expect(days).toHaveLength(7);
    expect(days[2]).toEqual({
      dayOfWeek: 2,
      isOpen: true,
      intervals: [
        { openTime: '10:00', closeTime: '12:00' },
        { openTime: '13:00', closeTime: '15:00' },
      ],
      slotDuration: 60,
    });
    expect(days[0]?.isOpen).toBe(false);
    expect(days[1]?.intervals).toEqual([{ openTime: '09:00', closeTime: '17:00' }]);
  });

  it('reads an answer without intervals as its one opening pair', () => {
    const [day] = toDrafts([
      {
        businessId: 1,
        dayOfWeek: 0,
        isOpen: true,
        openTime: '08:00:00',
        closeTime: '11:30:00',
        intervals: [],
        slotDuration: 30,
      },
    ]);
    expect(day?.intervals).toEqual([{ openTime: '08:00', closeTime: '11:30' }]);
  });

  it('flags an open day with a bad or missing interval, never a closed one', () => {
    const day = {
      dayOfWeek: 1,
      isOpen: true,
      intervals: [{ openTime: '12:00', closeTime: '12:00' }],
      slotDuration: 30,
    };
    expect(dayInvalid(day)).toBe(true);
    expect(dayInvalid({ ...day, isOpen: false })).toBe(false);
    expect(dayInvalid({ ...day, intervals: [] })).toBe(true);
    expect(dayInvalid({ ...day, intervals: [{ openTime: '12:00', closeTime: '12:30' }] })).toBe(
      false,
    );
    const overlapping = [
      { openTime: '09:00', closeTime: '13:00' },
      { openTime: '12:00', closeTime: '17:00' },
    ];
    expect(hasErrors(updateDay(toDrafts(undefined), 3, { intervals: overlapping }))).toBe(true);
  });

  it("sends sorted intervals, and a closed day's bad kept hours as none", () => {
    const days = updateDay(
      updateDay(toDrafts(undefined), 1, {
        intervals: [
          { openTime: '13:00', closeTime: '17:00' },
          { openTime: '09:00', closeTime: '12:00' },
        ],
      }),
      0,
      { intervals: [{ openTime: '10:00', closeTime: '09:00' }] },
    );
    const body = toRequest(days);
    expect(body[1]).toEqual({
      dayOfWeek: 1,
      isOpen: true,
      intervals: [
        { openTime: '09:00', closeTime: '12:00' },
        { openTime: '13:00', closeTime: '17:00' },
      ],
      slotDuration: 30,
    });
    expect(body[0]).toEqual({ dayOfWeek: 0, isOpen: false, intervals: [], slotDuration: 30 });
    expect(body[6]?.intervals).toEqual([{ openTime: '09:00', closeTime: '17:00' }]);
  });

  it('applies one day to all others, keeping each day open or closed', () => {
    const lunch = [
      { openTime: '10:00', closeTime: '12:00' },
      { openTime: '13:00', closeTime: '16:00' },
    ];
    const days = updateDay(toDrafts(undefined), 2, { intervals: lunch, slotDuration: 60 });
    const applied = applyToAll(days, 2);
    expect(applied.every((d) => JSON.stringify(d.intervals) === JSON.stringify(lunch))).toBe(true);
    expect(applied.every((d) => d.slotDuration === 60)).toBe(true);
    expect(applied[0]?.isOpen).toBe(false);
    expect(applied[1]?.isOpen).toBe(true);
    // Copies, so editing one day later leaves the others alone.
    expect(applied[1]?.intervals).not.toBe(applied[2]?.intervals);
  });
});
