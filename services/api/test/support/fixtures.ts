import type { DataSource } from 'typeorm';
import {
  type Availability,
  defaultWeeklyHours,
  SLOT_INTERVALS,
  slugify,
} from '@slotwise/contracts';
import { AvailabilityEntity } from '../../src/modules/availability/index.js';
import { BusinessEntity } from '../../src/modules/business/index.js';
import { ServiceEntity } from '../../src/modules/catalog/index.js';
import { StaffMemberEntity, StaffServiceEntity } from '../../src/modules/staff/index.js';

export interface ServiceFixture {
  name: string;
  priceCents?: number;
  durationMinutes?: number;
  isActive?: boolean;
}

export interface StaffFixture {
  firstName: string;
  lastName?: string;
  position?: string;
  isActive?: boolean;
  /** Names of services (from this fixture) the person offers. */
  offers?: string[];
}

export interface BusinessFixture {
  name: string;
  timeZone?: string;
  services?: ServiceFixture[];
  staff?: StaffFixture[];
  /** Defaults to the spec's template (Mon–Fri 09:00–17:00, 30-minute slots); [] for none. */
  /** Weekly hours; a day given with only `openTime`/`closeTime` gets that one interval. */
  hours?: (Omit<Availability, 'businessId' | 'intervals'> & {
    intervals?: Availability['intervals'];
  })[];
}

export interface CreatedBusiness {
  business: BusinessEntity;
  services: Record<string, ServiceEntity>;
  staff: Record<string, StaffMemberEntity>;
}

let counter = 0;

/** Inserts a business with its services, staff and weekly hours straight into the database. */
export async function createBusiness(db: DataSource, f: BusinessFixture): Promise<CreatedBusiness> {
  counter += 1;
  const business = await db.getRepository(BusinessEntity).save({
    name: f.name,
    slug: `${slugify(f.name)}-${counter}`,
    description: `${f.name} description`,
    address: '1 Test Street, Sydney NSW 2000',
    phone: '02 9000 0000',
    email: null,
    website: null,
    logo: null,
    // An established business: its owner chose the hours written below.
    hoursConfirmedAt: new Date(),
    ...(f.timeZone ? { timeZone: f.timeZone } : {}),
  });
  const services: Record<string, ServiceEntity> = {};
  for (const s of f.services ?? []) {
    services[s.name] = await db.getRepository(ServiceEntity).save({
      businessId: business.id,
      name: s.name,
      description: null,
      priceCents: s.priceCents ?? 8500,
      durationMinutes: s.durationMinutes ?? 60,
      isActive: s.isActive ?? true,
    });
  }
  const staff: Record<string, StaffMemberEntity> = {};
  for (const s of f.staff ?? []) {
    staff[s.firstName] = await db.getRepository(StaffMemberEntity).save({
      businessId: business.id,
      firstName: s.firstName,
      lastName: s.lastName ?? 'Tester',
      position: s.position ?? 'Stylist',
      email: `${s.firstName.toLowerCase()}@staff.example`,
      phone: '0400 999 000',
      bio: null,
      avatar: null,
      isActive: s.isActive ?? true,
    });
    const offered = (s.offers ?? []).map((name) => services[name]!.id);
    if (offered.length > 0) {
      await db
        .getRepository(StaffServiceEntity)
        .insert(offered.map((serviceId) => ({ staffId: staff[s.firstName]!.id, serviceId })));
    }
  }
  const hours = f.hours ?? defaultWeeklyHours();
  if (hours.length > 0) {
    await db.getRepository(AvailabilityEntity).insert(
      hours.map((h) => ({
        businessId: business.id,
        staffId: null,
        dayOfWeek: h.dayOfWeek,
        isOpen: h.isOpen,
        intervals: h.intervals ?? [{ openTime: h.openTime, closeTime: h.closeTime }],
        slotDuration: h.slotDuration,
      })),
    );
    // As the hours screen does: one step on every open day is the business's slot interval.
    const steps = new Set(hours.filter((h) => h.isOpen).map((h) => h.slotDuration));
    if (steps.size === 1 && (SLOT_INTERVALS as readonly number[]).includes([...steps][0]!)) {
      await db.query('UPDATE businesses SET slot_interval = $2 WHERE id = $1', [
        business.id,
        [...steps][0],
      ]);
      business.slotInterval = [...steps][0]!;
    }
  }
  return { business, services, staff };
}

export function bookingRequest(
  businessId: number,
  serviceId: number,
  date: string,
  extra: Record<string, unknown> = {},
) {
  return {
    businessId,
    serviceId,
    firstName: 'Jo',
    lastName: 'Citizen',
    phone: '0400 123 456',
    email: '0400123456@sms-only.slotwise.invalid',
    date,
    duration: 60,
    notes: null,
    notificationPreferences: { email: false, sms: true },
    ...extra,
  };
}
