import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, ROUTE_PERMISSIONS, roleCan } from './permissions.js';
import { allApiRoutes } from './routes/index.js';

describe('the permission table', () => {
  it('declares a requirement for every route of the table, and names no other route', () => {
    const keys = allApiRoutes().map((route) => route.key);
    for (const key of keys) expect(ROUTE_PERMISSIONS[key], key).toBeDefined();
    expect(Object.keys(ROUTE_PERMISSIONS).sort()).toEqual([...keys].sort());
  });

  it("gives managers everything but the owner's own (plan, payments, ownership, integrations, activity); staff their own diary", () => {
    const withheld = PERMISSIONS.filter((p) => !ROLE_PERMISSIONS.manager.includes(p));
    expect(withheld.sort()).toEqual([
      'activity.view',
      'integrations.manage',
      'ownership',
      'payments.manage',
      'plan.manage',
    ]);
    expect(roleCan('staff', 'diary.own')).toBe(true);
    expect(roleCan('staff', 'diary.all')).toBe(false);
    expect(roleCan('staff', 'clients.export')).toBe(false);
    expect(roleCan('owner', 'ownership')).toBe(true);
    // Staff ask for their own hours and time off; an owner or manager decides.
    expect(roleCan('staff', 'hours.request')).toBe(true);
    expect(roleCan('staff', 'hours.manage')).toBe(false);
    expect(roleCan('manager', 'hours.manage')).toBe(true);
  });
});
