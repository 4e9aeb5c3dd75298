// Owners for the browser tests: JSON calls to the API, an owner registered and verified through
// the development mailbox, and signing in on the real /auth page.
import type {
  Business,
  DevOutboxMessage,
  Service,
  SessionResponse,
  StaffMember,
} from '@slotwise/contracts';
import type { Page } from 'playwright-core';

/** One JSON call; throws with the status and body when it is not OK. `T`: the answer's type. */
export async function apiCall<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Registers, verifies with the link from the development mailbox, signs in: { user, accessToken }. */
export async function verifiedOwner(
  baseUrl: string,
  email: string,
  password: string,
): Promise<SessionResponse> {
  await apiCall(baseUrl, 'POST', '/api/auth/register', { email, password });
  const outbox = await apiCall<DevOutboxMessage[]>(
    baseUrl,
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  const token = outbox[0]!.body.match(/verify-email\?token=([^\s&"'<>]+)/)![1]!;
  await apiCall(baseUrl, 'POST', '/api/auth/verify-email', { token: decodeURIComponent(token) });
  return apiCall(baseUrl, 'POST', '/api/auth/login', { email, password });
}

/** Fills and submits the /auth page's sign-in form. */
export async function signInOnPage(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/auth`);
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
}

export interface OwnerWithTherapist {
  business: Business;
  service: Service;
  staff: StaffMember;
  accessToken: string;
}

/**
 * A verified, signed-in owner whose business, named 'Rossi Remedial Massage' (or as
 * `businessPatch` says), offers one service, 'Deep Tissue Massage', through the Free plan's one
 * staff member, Mia Rossi: bookings are assigned to her. Named, with a service and the default
 * hours the owner kept (as the setup's 'Keep These Hours' does), it is published, so the owner
 * lands on the normal dashboard.
 * { business (as patched), service, staff, accessToken }
 */
export async function ownerWithTherapist(
  baseUrl: string,
  email: string,
  password: string,
  businessPatch?: Record<string, unknown>,
): Promise<OwnerWithTherapist> {
  const login = await verifiedOwner(baseUrl, email, password);
  const call = <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(baseUrl, method, path, body, login.accessToken);
  const created = await call<Business>('GET', `/api/business/owner/${login.user.id}`);
  const business = await call<Business>('PATCH', `/api/business/${created.id}`, {
    name: 'Rossi Remedial Massage',
    hoursConfirmed: true,
    ...businessPatch,
  });
  const service = await call<Service>('POST', '/api/services', {
    businessId: business.id,
    name: 'Deep Tissue Massage',
    duration: 60,
    price: 11000,
  });
  const staff = await call<StaffMember>('POST', '/api/staff', {
    businessId: business.id,
    firstName: 'Mia',
    lastName: 'Rossi',
    title: 'Remedial Therapist',
    serviceIds: [service.id],
  });
  return { business, service, staff, accessToken: login.accessToken };
}
