// A public booking goes by a copy of the business read earlier (the cache), and its statement
// checks that copy against the tables through the constraints each module contributes. A column
// that changes what a booking may do but that no constraint compares would let a stale copy book
// through unnoticed; so every column of every table the constraints read must be classified where
// the constraint is written: checked (and then compared in its SQL), or ignored on purpose.
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingConstraint } from '../src/core/database/booking-constraint.js';
import { SqlParams } from '../src/core/database/sql-params.js';
import { AvailabilityService, WeeklyHoursService } from '../src/modules/availability/index.js';
import { AppointmentService } from '../src/modules/booking-flows/services/appointment.service.js';
import { BusinessService } from '../src/modules/business/index.js';
import { CatalogService } from '../src/modules/catalog/index.js';
import { createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
/** The constraints of a booking with Ann, and of one with the business itself (nobody offers). */
let withStaff: BookingConstraint[];
let withBusiness: BookingConstraint[];

/** Tuesday 5 January 2027, 10:00 in Sydney (open 9 to 5 by the default week). */
const TUESDAY_TEN = Temporal.Instant.from('2027-01-04T23:00:00Z');

async function constraintsFor(serviceName: string, staffId: number | null) {
  const salon = salonIds!;
  const business = await ctx.app.get(BusinessService).byIdOrThrow(salon.businessId);
  const service = await ctx.app
    .get(CatalogService)
    .findActiveOrThrow(business.id, salon.services[serviceName]!);
  const availability = ctx.app.get(AvailabilityService);
  const resources = await availability.resolveResources(business, service, staffId);
  const week = await ctx.app
    .get(WeeklyHoursService)
    .week(business.id, staffId === null ? [] : [staffId]);
  const slot = await availability.slotAt(business, service, resources, TUESDAY_TEN, { week });
  expect(slot).not.toBeNull();
  return ctx.app
    .get(AppointmentService)
    .bookingConstraints({ business, service, week, slot: slot! }, resources[0]!);
}

let salonIds: { businessId: number; services: Record<string, number> } | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
  const salon = await createBusiness(ctx.db, {
    name: 'Constraint Salon',
    services: [{ name: 'Cut' }, { name: 'Walk-in' }],
    staff: [{ firstName: 'Ann', offers: ['Cut'] }],
  });
  salonIds = {
    businessId: salon.business.id,
    services: { Cut: salon.services.Cut!.id, 'Walk-in': salon.services['Walk-in']!.id },
  };
  withStaff = await constraintsFor('Cut', salon.staff.Ann!.id);
  withBusiness = await constraintsFor('Walk-in', null);
});

afterAll(async () => {
  await ctx?.close();
});

const sqlOf = (c: BookingConstraint) => {
  const p = new SqlParams();
  return { text: c.sql(p), values: p.values };
};

/** Tables a constraint's SQL reads (FROM and JOIN). */
const tablesIn = (text: string) =>
  new Set([...text.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)/gi)].map((m) => m[1]!));

describe('the booking statement’s constraints', () => {
  it('come from the modules owning the tables a booking reads', () => {
    expect(withStaff.map((c) => c.name)).toEqual([
      'business as read',
      'service as read',
      'staff member as read',
      'weekly hours as read',
      'schedule exceptions as read',
    ]);
    expect(withBusiness.map((c) => c.name)).toEqual([
      'business as read',
      'service as read',
      'nobody offers the service',
      'weekly hours as read',
      'schedule exceptions as read',
    ]);
  });

  it('hold for what was just read', async () => {
    for (const c of [...withStaff, ...withBusiness]) {
      const { text, values } = sqlOf(c);
      const [row] = (await ctx.db.query(`SELECT (${text}) AS holds`, values)) as {
        holds: boolean;
      }[];
      expect({ name: c.name, holds: row!.holds }).toEqual({ name: c.name, holds: true });
    }
  });

  it('declare every table they read, and compare every column they call checked', () => {
    for (const c of [...withStaff, ...withBusiness]) {
      const { text } = sqlOf(c);
      const read = tablesIn(text);
      const undeclared = [...read].filter((table) => !(table in c.covers));
      expect({ name: c.name, undeclared }).toEqual({ name: c.name, undeclared: [] });
      for (const [table, { checked }] of Object.entries(c.covers)) {
        // A booking of the business itself reads no time off.
        if (!read.has(table)) continue;
        const missing = checked.filter((column) => !new RegExp(`\\b${column}\\b`).test(text));
        expect({ name: c.name, table, missing }).toEqual({ name: c.name, table, missing: [] });
      }
    }
    const exceptions = withStaff.find((c) => c.name === 'schedule exceptions as read')!;
    expect([...tablesIn(sqlOf(exceptions).text)].sort()).toEqual(
      Object.keys(exceptions.covers).sort(),
    );
  });

  it('classify every column of those tables as checked or ignored', async () => {
    const rows = (await ctx.db.query(
      `SELECT table_name, array_agg(column_name::text ORDER BY column_name) AS columns
         FROM information_schema.columns
        WHERE table_schema = 'public'
        GROUP BY table_name`,
    )) as { table_name: string; columns: string[] }[];
    const columnsOf = new Map(rows.map((r) => [r.table_name, r.columns]));
    const classified = new Map<string, Set<string>>();
    for (const c of [...withStaff, ...withBusiness]) {
      for (const [table, { checked, ignored }] of Object.entries(c.covers)) {
        expect({ name: c.name, table, both: checked.filter((x) => ignored.includes(x)) }).toEqual({
          name: c.name,
          table,
          both: [],
        });
        expect({ name: c.name, table, columns: [...checked, ...ignored].sort() }).toEqual({
          name: c.name,
          table,
          columns: columnsOf.get(table),
        });
        classified.set(table, new Set([...(classified.get(table) ?? []), ...checked]));
      }
    }
    // Hours, special hours, closures, time off, services, staff and their services, the window.
    expect([...classified.keys()].sort()).toEqual([
      'availabilities',
      'business_closures',
      'business_special_hours',
      'businesses',
      'services',
      'staff_members',
      'staff_services',
      'staff_time_off',
    ]);
    expect(classified.get('businesses')).toContain('min_notice_minutes');
    expect(classified.get('businesses')).toContain('max_advance_days');
  });
});
