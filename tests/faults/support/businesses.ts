// Businesses for the fault suites, made the way an owner makes them: registered, verified (the
// link read from the outbox table, since the development mailbox stays off), signed in, then the
// business set up through the owner's API calls. Only the plan is set in the database
// (Professional, like the seeded demo businesses' complimentary plan), for its staff limit.
import type {
  AvailableTime,
  Business,
  Service,
  SessionResponse,
  StaffMember,
} from '@slotwise/contracts';
import pg from 'pg';
import { apiCall } from '../../support/owner.js';

export const OWNER_PASSWORD = 'Faults-suite owner 2026!';

export interface Owner {
  email: string;
  userId: string;
  accessToken: string;
  businessId: number;
}

/** Runs one query on `dbUrl` with a connection of its own. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  dbUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client(dbUrl);
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Signs the owner in again (a fuzzed logout or password call may have ended the session). */
export async function signIn(apiUrl: string, email: string, password = OWNER_PASSWORD) {
  return apiCall<SessionResponse>(apiUrl, 'POST', '/api/auth/login', { email, password });
}

/** Registers and verifies an owner, signs in, and has their business created. */
export async function registerOwner(
  apiUrl: string,
  dbUrl: string,
  email: string,
  password = OWNER_PASSWORD,
): Promise<Owner> {
  await apiCall(apiUrl, 'POST', '/api/auth/register', { email, password });
  const [mail] = await sql<{ body: string }>(
    dbUrl,
    `SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
    [email],
  );
  const token = mail?.body.match(/verify-email\?token=([^\s&"'<>]+)/)?.[1];
  if (!token) throw new Error(`no verification link for ${email} in the outbox`);
  await apiCall(apiUrl, 'POST', '/api/auth/verify-email', { token: decodeURIComponent(token) });
  const session = await signIn(apiUrl, email, password);
  const business = await apiCall<Business>(
    apiUrl,
    'GET',
    `/api/business/owner/${session.user.id}`,
    undefined,
    session.accessToken,
  );
  return {
    email,
    userId: session.user.id,
    accessToken: session.accessToken,
    businessId: business.id,
  };
}

export interface ShopSpec {
  name: string;
  /** The owner's password (default OWNER_PASSWORD). */
  password?: string;
  /** Public contact details of the business. */
  email?: string;
  phone?: string;
  services: {
    name: string;
    duration: number;
    price?: number;
    bufferBeforeMinutes?: number;
    bufferAfterMinutes?: number;
  }[];
  /** Each person offers the services named (by name). */
  staff: {
    firstName: string;
    lastName: string;
    email?: string;
    phone?: string;
    offers: string[];
  }[];
  /** Minutes between starts. */
  slotDuration?: 15 | 30 | 60;
  /** Opening hours, every day of the week (default 09:00 to 17:00). */
  hours?: { openTime: string; closeTime: string };
  minNoticeMinutes?: number;
}

export interface Shop {
  owner: Owner;
  business: Business;
  services: Record<string, Service>;
  staff: StaffMember[];
}

/** A Professional business open every day, with the services and staff of `spec`. */
export async function setUpShop(
  apiUrl: string,
  dbUrl: string,
  ownerEmail: string,
  spec: ShopSpec,
): Promise<Shop> {
  const owner = await registerOwner(apiUrl, dbUrl, ownerEmail, spec.password);
  const call = <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(apiUrl, method, path, body, owner.accessToken);
  await sql(dbUrl, `UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
    owner.businessId,
  ]);
  const services: Record<string, Service> = {};
  for (const s of spec.services) {
    services[s.name] = await call<Service>('POST', '/api/services', {
      businessId: owner.businessId,
      price: 5000,
      ...s,
    });
  }
  const staff: StaffMember[] = [];
  for (const { offers, ...person } of spec.staff) {
    staff.push(
      await call<StaffMember>('POST', '/api/staff', {
        businessId: owner.businessId,
        ...person,
        serviceIds: offers.map((name) => services[name]!.id),
      }),
    );
  }
  await call('PUT', `/api/business/${owner.businessId}/availability`, [
    ...Array.from({ length: 7 }, (_, dayOfWeek) => ({
      dayOfWeek,
      isOpen: true,
      slotDuration: spec.slotDuration ?? 15,
      intervals: [spec.hours ?? { openTime: '09:00', closeTime: '17:00' }],
    })),
  ]);
  const business = await call<Business>('PATCH', `/api/business/${owner.businessId}`, {
    name: spec.name,
    email: spec.email ?? null,
    phone: spec.phone ?? null,
    minNoticeMinutes: spec.minNoticeMinutes ?? 60,
    maxAdvanceDays: 365,
  });
  return { owner, business, services, staff };
}

/** The business-local date `days` after today in Sydney, YYYY-MM-DD. */
export function sydneyDate(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(at);
}

/** The free starts of a date for a service (any staff member), as the booking page gets them. */
export async function availableStarts(
  apiUrl: string,
  businessId: number,
  serviceId: number,
  date: string,
): Promise<string[]> {
  const times = await apiCall<AvailableTime[]>(
    apiUrl,
    'GET',
    `/api/business/${businessId}/available-times?date=${date}&serviceId=${serviceId}&nocache=1`,
  );
  return times.map((t) => t.start);
}

/** The nth distinct Australian mobile number, in the local form a customer types. */
export const mobile = (n: number) => `04${String(20_000_000 + n).padStart(8, '0')}`;

/** A public booking request body (any staff member unless one is given). */
export function bookingBody(
  businessId: number,
  serviceId: number,
  date: string,
  n: number,
  extra: Record<string, unknown> = {},
) {
  return {
    businessId,
    serviceId,
    staffMemberId: null,
    firstName: 'Race',
    lastName: `Customer ${n}`,
    phone: mobile(n),
    email: null,
    date,
    notes: null,
    notificationPreferences: { email: false, sms: true },
    ...extra,
  };
}
