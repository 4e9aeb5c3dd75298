// A shop whose Stripe account is connected and enabled, for the payment browser tests that are
// not about onboarding (payments.test.ts shows the onboarding pages): the fake Stripe (posting its
// signed webhooks to the API), the stack, the owner (ownerWithTherapist) and a database client.
// Bookings with a payment are made through the public API and paid as the Payment Element would
// (the fake Stripe's intent succeeds and its webhook confirms the booking); the pages under test
// are the ones after that: the cancel link, the pay link, the owner's records.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import pg from 'pg';
import type {
  AvailableTime,
  CreateAppointmentResponse,
  DevOutboxMessage,
  PaymentPolicy,
  PaymentsConnectResponse,
  Service,
  ServicePolicyOverride,
} from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { startFakeStripe, type FakeStripe } from './fake-stripe.mjs';
import { type OwnerWithTherapist, apiCall, ownerWithTherapist, signInOnPage } from './owner.js';
import { launchBrowser, startStack, type Stack } from './stack.js';

export const SHOP_PASSWORD = 'correct-horse-2';

/** $20.00 deposit, free cancellation up to 24 hours before. */
export const DEPOSIT_POLICY = {
  kind: 'deposit',
  deposit: { type: 'flat', cents: 2000 },
  freeCancellationHours: 24,
  lateCancellationFee: null,
  noShowFee: null,
  newClientsOnly: false,
} as const;

/** Card on file: half the price for a late cancellation (under 24 hours), $30.00 for a no-show. */
export const CARD_ON_FILE_POLICY = {
  kind: 'card_on_file',
  deposit: null,
  freeCancellationHours: 24,
  lateCancellationFee: { type: 'percent', percent: 50 },
  noShowFee: { type: 'flat', cents: 3000 },
  newClientsOnly: false,
} as const;

export interface PaymentsShop {
  stack: Stack;
  fake: FakeStripe;
  owner: OwnerWithTherapist;
  /** The owner's sign-in email (password SHOP_PASSWORD). */
  email: string;
  db: pg.Client;
  stop(): Promise<void>;
}

/** The stack with the fake Stripe, an owner whose Connect account has charges enabled. */
export async function startPaymentsShop(name: string): Promise<PaymentsShop> {
  const fake = await startFakeStripe({ autoDeliver: true, confirmDelayMs: 300 });
  const stack = await startStack({ stripe: fake.env() });
  fake.setWebhookUrl(`${stack.apiUrl}/api/stripe/webhook`);
  const email = `${name}-${Date.now()}@example.com`;
  const owner = await ownerWithTherapist(stack.baseUrl, email, SHOP_PASSWORD);
  const { url } = await apiCall<PaymentsConnectResponse>(
    stack.baseUrl,
    'POST',
    `/api/business/${owner.business.id}/payments/connect`,
    undefined,
    owner.accessToken,
  );
  const link = fake.accountLinks.find((l) => l.url === url);
  assert.ok(link, 'the API asked Stripe for an Account Link');
  // Onboarding done at Stripe: account.updated (charges enabled) reaches the API.
  fake.enableAccount(link.account);
  await fake.settled();
  const db = new pg.Client(stack.dbUrl);
  await db.connect();
  return {
    stack,
    fake,
    owner,
    email,
    db,
    async stop() {
      await db.end();
      await stack.stop();
      await fake.close();
    },
  };
}

/**
 * A test file's browser and shop: started before its tests (handed to `use`), closed after them,
 * the browser first (an open dashboard's live connection would hold the gateway's close).
 */
export function browserAndShop(name: string, use: (browser: Browser, shop: PaymentsShop) => void) {
  let browser: Browser | undefined;
  let shop: PaymentsShop | undefined;
  before(async () => {
    browser = await launchBrowser();
    shop = await startPaymentsShop(name);
    use(browser, shop);
  });
  after(async () => {
    await browser?.close();
    await shop?.stop();
  });
}

/** PUT the business's policy and the services' own ones, as the owner. */
export function setPaymentPolicy(
  shop: PaymentsShop,
  policy: PaymentPolicy,
  serviceOverrides: ServicePolicyOverride[] = [],
) {
  return apiCall(
    shop.stack.baseUrl,
    'PUT',
    `/api/business/${shop.owner.business.id}/payment-policy`,
    { policy, serviceOverrides },
    shop.owner.accessToken,
  );
}

/** The public services list (each with its `policySummary`). */
export function publicServices(shop: PaymentsShop) {
  return apiCall<Service[]>(
    shop.stack.baseUrl,
    'GET',
    `/api/business/slug/${shop.owner.business.slug}/services`,
  );
}

/** The first free start of the owner's service at least `daysAhead` days from now. */
async function freeStart(shop: PaymentsShop, daysAhead: number): Promise<string> {
  for (let day = daysAhead; day < daysAhead + 14; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const times = await apiCall<AvailableTime[]>(
      shop.stack.baseUrl,
      'GET',
      `/api/business/slug/${shop.owner.business.slug}/available-times?date=${date}&serviceId=${shop.owner.service.id}&nocache=${Date.now()}`,
    );
    if (times[0]) return times[0].start;
  }
  throw new Error('no free time in the next two weeks');
}

/**
 * A customer books the owner's service (accepting its policy) and pays or saves the card as the
 * Payment Element would; resolves once Stripe's webhook has confirmed the booking.
 * `paymentMethod`: the card Stripe saves (e.g. one in `fake.authenticationRequired`).
 */
export async function bookAndPay(
  shop: PaymentsShop,
  customer: { firstName: string; phone: string; paymentMethod?: string; daysAhead?: number },
): Promise<CreateAppointmentResponse> {
  const service = (await publicServices(shop)).find((s) => s.id === shop.owner.service.id);
  assert.ok(service?.policySummary, 'the service asks for a payment');
  const created = await apiCall<CreateAppointmentResponse>(
    shop.stack.baseUrl,
    'POST',
    '/api/appointments',
    {
      businessId: shop.owner.business.id,
      serviceId: service.id,
      firstName: customer.firstName,
      lastName: 'Client',
      phone: customer.phone,
      date: await freeStart(shop, customer.daysAhead ?? 3),
      acceptedPolicy: service.policySummary,
    },
  );
  assert.ok(created.payment, 'the booking waits for a payment');
  shop.fake.succeedIntent(
    created.payment.clientSecret.split('_secret_')[0]!,
    customer.paymentMethod,
  );
  await shop.fake.settled();
  assert.equal(await appointmentStatus(shop, created.appointment.id), 'confirmed');
  return created;
}

export async function appointmentStatus(shop: PaymentsShop, id: number): Promise<string> {
  const { rows } = await shop.db.query<{ status: string }>(
    'SELECT status FROM appointments WHERE id = $1',
    [id],
  );
  return rows[0]!.status;
}

/** Moves a booking to start `hours` from now (negative: a visit that has begun). */
export async function moveBooking(shop: PaymentsShop, id: number, hours: number) {
  await shop.db.query(
    `UPDATE appointments
        SET starts_at = now() + make_interval(mins => $2), ends_at = now() + make_interval(mins => $2 + 60),
            blocked_from = now() + make_interval(mins => $2),
            blocked_until = now() + make_interval(mins => $2 + 60)
      WHERE id = $1`,
    [id, Math.round(hours * 60)],
  );
}

/**
 * The link (`/cancel`, `/pay-fee`…) of the newest text message of `kind` to `phone` in the
 * development mailbox, on the test stack's origin.
 */
export async function textedLink(
  shop: PaymentsShop,
  phone: string,
  kind: string,
  path: string,
): Promise<string> {
  const messages = await apiCall<DevOutboxMessage[]>(
    shop.stack.apiUrl,
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(phone)}`,
  );
  const sms = messages.find((m) => m.channel === 'sms' && m.kind === kind);
  assert.ok(sms, `a ${kind} text to ${phone}`);
  const match = new RegExp(`https?://[^\\s]+(/${path}\\?token=[A-Za-z0-9_-]+)`).exec(sms.body);
  assert.ok(match, `the text has a /${path} link: ${sms.body}`);
  return `${shop.stack.baseUrl}${match[1]}`;
}

/** Signs the owner in on `page` (the dashboard is open). */
export async function signInOwner(page: Page, shop: PaymentsShop) {
  await signInOnPage(page, shop.stack.baseUrl, shop.email, SHOP_PASSWORD);
  await page.waitForURL(/\/dashboard/);
}

/** Opens an appointment's dialog from the dashboard's table view (signing in first if asked). */
export async function openOwnerAppointment(
  page: Page,
  shop: PaymentsShop,
  appointmentId: number,
  search: string,
  signIn = true,
) {
  if (signIn) await signInOwner(page, shop);
  await page.getByRole('button', { name: 'Table View' }).click();
  await page
    .getByRole('searchbox', { name: 'Search appointments' })
    .filter({ visible: true })
    .fill(search);
  const row = page.locator(`tr[data-appointment="${appointmentId}"]`);
  await row.waitFor();
  await row.click();
  return page.getByRole('dialog', { name: /Appointment Details/ });
}
