import type { DataSource, EntityManager } from 'typeorm';
import { defaultWeeklyHours, slugify } from '@slotwise/contracts';
import { AvailabilityEntity } from '../modules/availability/index.js';
import { BusinessEntity } from '../modules/business/index.js';
import { ServiceEntity } from '../modules/catalog/index.js';
import { StaffMemberEntity, StaffServiceEntity } from '../modules/staff/index.js';

interface DemoService {
  name: string;
  description: string;
  priceCents: number;
  durationMinutes: number;
}

interface DemoStaff {
  firstName: string;
  lastName: string;
  position: string;
  bio: string;
  /** Names of the demo services this person offers. */
  offers: string[];
}

interface DemoBusiness {
  name: string;
  description: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  services: DemoService[];
  staff: DemoStaff[];
  /** Changes to the default Mon–Fri 09:00–17:00 template, by weekday (0 Sunday). */
  hours?: Record<number, { openTime: string; closeTime: string }[]>;
}

export const DEMO_BUSINESSES: DemoBusiness[] = [
  {
    name: 'Harbour Hair Studio',
    description:
      'A friendly Surry Hills salon for precision cuts, colour and blow-dries, five minutes from Central.',
    address: '112 Crown Street, Surry Hills NSW 2010',
    phone: '02 9361 4820',
    email: 'hello@harbourhair.example',
    website: 'https://harbourhair.example',
    services: [
      {
        name: "Women's Cut & Blow-Dry",
        description: 'Consultation, wash, precision cut and blow-dry finish.',
        priceCents: 9500,
        durationMinutes: 60,
      },
      {
        name: "Men's Cut",
        description: 'Clipper and scissor cut, wash and style.',
        priceCents: 4500,
        durationMinutes: 30,
      },
      {
        name: 'Blow-Dry & Style',
        description: 'Wash and blow-dry, straight or with volume and waves.',
        priceCents: 6000,
        durationMinutes: 45,
      },
      {
        name: 'Full Head Colour',
        description: 'Permanent or semi-permanent colour, root to tip, with toner.',
        priceCents: 16500,
        durationMinutes: 60,
      },
    ],
    staff: [
      {
        firstName: 'Mia',
        lastName: 'Nguyen',
        position: 'Senior Stylist',
        bio: 'Twelve years behind the chair; loves a lived-in colour.',
        offers: ["Women's Cut & Blow-Dry", 'Blow-Dry & Style', 'Full Head Colour'],
      },
      {
        firstName: 'Jack',
        lastName: 'Thompson',
        position: 'Barber & Stylist',
        bio: 'Classic and modern cuts, fades and beard work.',
        offers: ["Men's Cut", "Women's Cut & Blow-Dry", 'Blow-Dry & Style'],
      },
    ],
    hours: { 6: [{ openTime: '09:00', closeTime: '13:00' }] },
  },
  {
    name: 'Bondi Physio Co',
    description:
      'Sports and musculoskeletal physiotherapy by the beach: assessment, treatment and rehab plans.',
    address: '4/78 Hall Street, Bondi Beach NSW 2026',
    phone: '02 9130 5567',
    email: 'bookings@bondiphysio.example',
    website: 'https://bondiphysio.example',
    services: [
      {
        name: 'Initial Consultation',
        description: 'Assessment, diagnosis, first treatment and a home exercise plan.',
        priceCents: 11000,
        durationMinutes: 60,
      },
      {
        name: 'Follow-up Treatment',
        description: 'Hands-on treatment and progress review.',
        priceCents: 9000,
        durationMinutes: 30,
      },
    ],
    // No staff: the practice itself is the one bookable resource (nobody offers its services, so the business is booked).
    staff: [],
  },
];

export interface SeedResult {
  slug: string;
  id: number;
  created: boolean;
}

/**
 * Idempotent: a business whose slug exists is left as it is (an owner may have edited it), and
 * missing weekly-hours rows are filled in, so running the seed again never duplicates anything.
 */
export async function seedDemoData(dataSource: DataSource): Promise<SeedResult[]> {
  const results: SeedResult[] = [];
  for (const demo of DEMO_BUSINESSES) {
    results.push(await dataSource.transaction((em) => seedBusiness(em, demo)));
  }
  return results;
}

async function seedBusiness(em: EntityManager, demo: DemoBusiness): Promise<SeedResult> {
  const slug = slugify(demo.name);
  // Serialises concurrent seed runs (two `npm start`s at once) on the slug.
  await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`seed:${slug}`]);

  let business = await em.findOneBy(BusinessEntity, { slug });
  const created = !business;
  if (!business) {
    business = await em.save(
      em.create(BusinessEntity, {
        name: demo.name,
        slug,
        description: demo.description,
        address: demo.address,
        phone: demo.phone,
        email: demo.email,
        website: demo.website,
        logo: null,
        // The demo's hours are its owner's choice: listed in the directory.
        hoursConfirmedAt: new Date(),
        // Four services and two staff are over the Free plan's limits.
        subscriptionPlan: 'professional',
      }),
    );
    const services = new Map<string, ServiceEntity>();
    for (const s of demo.services) {
      services.set(
        s.name,
        await em.save(em.create(ServiceEntity, { ...s, businessId: business.id })),
      );
    }
    for (const s of demo.staff) {
      const member = await em.save(
        em.create(StaffMemberEntity, {
          businessId: business.id,
          firstName: s.firstName,
          lastName: s.lastName,
          position: s.position,
          bio: s.bio,
          email: null,
          phone: null,
          avatar: null,
        }),
      );
      await em.insert(
        StaffServiceEntity,
        s.offers.map((name) => {
          const service = services.get(name);
          if (!service) throw new Error(`Demo staff offers unknown service ${name}`);
          return { staffId: member.id, serviceId: service.id };
        }),
      );
    }
  }

  if (!created && business.subscriptionPlan !== 'professional' && !business.ownerUserId) {
    // Seeded before plan limits existed: still the unclaimed demo, so move it to its real plan.
    await em.update(BusinessEntity, { id: business.id }, { subscriptionPlan: 'professional' });
  }

  const hours = defaultWeeklyHours().map((d) => {
    const intervals = demo.hours?.[d.dayOfWeek];
    return intervals ? { ...d, intervals, isOpen: true } : d;
  });
  await em
    .createQueryBuilder()
    .insert()
    .into(AvailabilityEntity)
    .values(
      hours.map((h) => ({
        businessId: business.id,
        staffId: null,
        dayOfWeek: h.dayOfWeek,
        isOpen: h.isOpen,
        intervals: h.intervals,
        slotDuration: h.slotDuration,
      })),
    )
    .orIgnore()
    .execute();

  return { slug, id: business.id, created };
}
