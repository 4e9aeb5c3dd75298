import { describe, expect, it } from 'vitest';
import {
  CreateServiceRequestSchema,
  CreateStaffRequestSchema,
  UpdateBusinessRequestSchema,
} from './owner.js';
import { RegisterFormSchema } from './auth.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('owner contracts', () => {
  it('keeps service durations in 5-minute steps from 5 to 720 minutes and prices in whole cents', () => {
    const base = { businessId: 1, name: 'Cut', duration: 45, price: 4500 };
    expect(CreateServiceRequestSchema.parse(base).isActive).toBe(true);
    for (const duration of [5, 10, 20, 720]) {
      expect(CreateServiceRequestSchema.safeParse({ ...base, duration }).success).toBe(true);
    }
    expect(messages(CreateServiceRequestSchema.safeParse({ ...base, duration: 7 }))).toEqual([
      'Duration must be in steps of 5 minutes',
    ]);
    expect(CreateServiceRequestSchema.safeParse({ ...base, duration: 725 }).success).toBe(false);
    expect(CreateServiceRequestSchema.safeParse({ ...base, duration: 0 }).success).toBe(false);
    expect(CreateServiceRequestSchema.safeParse({ ...base, price: 12.5 }).success).toBe(false);
  });

  it('takes a slot interval of 5, 10, 15, 20, 30 or 60 minutes only', () => {
    for (const slotInterval of [5, 10, 15, 20, 30, 60]) {
      expect(UpdateBusinessRequestSchema.safeParse({ slotInterval }).success).toBe(true);
    }
    for (const slotInterval of [0, 7, 25, 45, 90, '15']) {
      expect(messages(UpdateBusinessRequestSchema.safeParse({ slotInterval }))).toHaveLength(1);
    }
  });

  it('refuses a logo or profile image that is not a web address, and takes blank as none', () => {
    expect(messages(UpdateBusinessRequestSchema.safeParse({ logo: 'my logo.png' }))).toEqual([
      'Logo URL must be a web address starting with https:// or http://',
    ]);
    expect(
      messages(UpdateBusinessRequestSchema.safeParse({ logo: 'javascript:alert(1)' })),
    ).toEqual(['Logo URL must be a web address starting with https:// or http://']);
    expect(
      UpdateBusinessRequestSchema.parse({ logo: ' https://cdn.example.com/l.png ' }).logo,
    ).toBe('https://cdn.example.com/l.png');
    expect(UpdateBusinessRequestSchema.parse({ logo: '' }).logo).toBeNull();
    const staff = { businessId: 1, firstName: 'Mia', lastName: 'Ng', profileImage: 'me.jpg' };
    expect(messages(CreateStaffRequestSchema.safeParse(staff))).toEqual([
      'Profile image URL must be a web address starting with https:// or http://',
    ]);
  });

  it("says 'Passwords don't match' on the confirmation field", () => {
    const r = RegisterFormSchema.safeParse({
      email: 'a@b.co',
      password: 'secret12',
      confirmPassword: 'secret22',
    });
    expect(r.success).toBe(false);
    expect(r.success ? null : r.error.issues[0]?.path).toEqual(['confirmPassword']);
    expect(messages(r)).toEqual(["Passwords don't match"]);
  });
});
