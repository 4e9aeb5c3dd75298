// Month view of a busy business: 5,000 appointments in one month (and 15,000 earlier ones), the
// month grid's request (each day's first three) against the whole window and the whole history,
// and the month view's render
// in Chromium against an empty month's, all on the browser-test stack.
import type { Business, DevOutboxMessage, Service, SessionResponse } from '@slotwise/contracts';
import pg from 'pg';
import { launchBrowser, startStack } from '../tests/support/stack.js';

export const IN_MONTH = 5000;
const HISTORY = 15000;
/**
 * 5,000 bookings this far apart end on the month's 21st, so the next month's grid, whose greyed
 * leading days reach back at most six days, shows none of them: the floor month is empty.
 */
export const STEP_MIN = 6;
export const RUNS = 40;

/** The value below which `p` of `xs` fall (nearest rank). */
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)]!;
const median = (xs: number[]) => percentile(xs, 0.5);

/** One JSON call: the answer (`T`) and its size in characters. */
export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ body: T; bytes: number }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return { body: (text ? JSON.parse(text) : null) as T, bytes: text.length };
}

/** The calendar month after the current one in Sydney, as 'YYYY-MM'. */
function nextMonth() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
    new Date(),
  );
  const d = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
}

async function timed<T>(fn: () => Promise<T>) {
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), p95: percentile(times, 0.95), last };
}

/**
 * A signed-in owner of a named business with a 15-minute service (the dashboard opens, not the
 * first-run setup): what each bench on the stack starts from.
 */
export async function benchOwner(baseUrl: string) {
  const stack = { baseUrl };
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-1';
  await api(stack.baseUrl, 'POST', '/api/auth/register', { email, password });
  const outbox = await api<DevOutboxMessage[]>(
    stack.baseUrl,
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  const token = outbox.body[0]!.body.match(/verify-email\?token=([^\s&"'<>]+)/)![1]!;
  await api(stack.baseUrl, 'POST', '/api/auth/verify-email', {
    token: decodeURIComponent(token),
  });
  const login = (
    await api<SessionResponse>(stack.baseUrl, 'POST', '/api/auth/login', { email, password })
  ).body;
  const auth = login.accessToken;
  const business = (
    await api<Business>(stack.baseUrl, 'GET', `/api/business/owner/${login.user.id}`, null, auth)
  ).body;
  // A named business with a service and open days: the dashboard opens, not the first-run setup.
  await api(stack.baseUrl, 'PATCH', `/api/business/${business.id}`, { name: 'Bench Clinic' }, auth);
  const service = (
    await api<Service>(
      stack.baseUrl,
      'POST',
      '/api/services',
      { businessId: business.id, name: 'Quick check', duration: 15, price: 2000 },
      auth,
    )
  ).body;
  return { email, password, auth, business, service };
}

export async function measureMonthView() {
  const stack = await startStack();
  const browser = await launchBrowser();
  try {
    const { email, password, auth, business, service } = await benchOwner(stack.baseUrl);

    // Midnight (Sydney) on the 1st of next month; the 5,000 follow it, the history precedes it.
    const month = nextMonth();
    const monthStart = new Date(`${month}-01T00:00:00+11:00`);
    // The history ends ten days before the month, outside the month grid's window.
    const first = new Date(monthStart.getTime() - 10 * 86_400_000 - HISTORY * STEP_MIN * 60_000);
    const db = new pg.Client(stack.dbUrl);
    await db.connect();
    await db.query(
      `INSERT INTO customers (business_id, first_name, last_name, phone)
       SELECT $1, 'Customer' || g, 'Bench', '+614' || lpad(g::text, 8, '0')
         FROM generate_series(1, $2) g`,
      [business.id, IN_MONTH + HISTORY],
    );
    // Customers 1..HISTORY get the history (`STEP_MIN` minutes apart), the rest the month, from its 1st.
    await db.query(
      `INSERT INTO appointments (business_id, service_id, customer_id, status, starts_at, ends_at,
                                 blocked_from, blocked_until)
       SELECT $1, $2, c.id, 'confirmed', t.at, t.at + interval '${STEP_MIN} minutes',
              t.at, t.at + interval '${STEP_MIN} minutes'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM customers WHERE business_id = $1) c
       CROSS JOIN LATERAL (SELECT CASE WHEN c.n <= $5
         THEN $3::timestamptz + (c.n - 1) * interval '${STEP_MIN} minutes'
         ELSE $4::timestamptz + (c.n - $5 - 1) * interval '${STEP_MIN} minutes' END AS at) t`,
      [business.id, service.id, first.toISOString(), monthStart.toISOString(), HISTORY],
    );
    await db.query('ANALYZE appointments');
    await db.end();

    // The month grid's window as the dashboard asks for it: Sunday before the 1st to the
    // Saturday after the last day, widened by 14 h (apps/dashboard-mfe calendar.ts).
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const gridStart = day(`${month}-01`);
    gridStart.setUTCDate(gridStart.getUTCDate() - gridStart.getUTCDay());
    const last = day(`${month}-01`);
    last.setUTCMonth(last.getUTCMonth() + 1);
    last.setUTCDate(0);
    const gridEnd = new Date(last);
    gridEnd.setUTCDate(gridEnd.getUTCDate() + 7 - gridEnd.getUTCDay());
    const from = new Date(gridStart.getTime() - 14 * 3_600_000).toISOString();
    const to = new Date(gridEnd.getTime() + 14 * 3_600_000).toISOString();
    const path = `/api/business/${business.id}/appointments`;
    const floor = await timed(() =>
      api(stack.baseUrl, 'GET', `/api/business/${business.id}/services`, null, auth),
    );
    const windowed = await timed(() =>
      api<unknown[]>(stack.baseUrl, 'GET', `${path}?from=${from}&to=${to}`, null, auth),
    );
    // What the month grid asks: each day's first three and its total.
    const days = await timed(() =>
      api<{ days: { appointments: unknown[] }[] }>(
        stack.baseUrl,
        'GET',
        `/api/business/${business.id}/appointment-days?from=${from}&to=${to}&perDay=3`,
        null,
        auth,
      ),
    );
    // The table's first page (newest first, 50 rows; 'Load more' asks for the next).
    const page50 = await timed(() =>
      api<unknown[]>(stack.baseUrl, 'GET', `${path}?limit=50&offset=0`, null, auth),
    );
    const all = await timed(() => api<unknown[]>(stack.baseUrl, 'GET', path, null, auth));

    // Render: sign in, open the month view, then time Next month (5,000) vs an empty month.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${stack.baseUrl}/auth`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Month' }).click();
    const label = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'UTC',
      month: 'long',
      year: 'numeric',
    }).format(day(`${month}-01`));
    const emptyText = page.getByText('There are no appointments scheduled for this month yet.');
    // From the month after the busy one (empty): Previous (5,000) and Next (empty), timed.
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await emptyText.waitFor();
    const renders: { busy: number[]; empty: number[] } = { busy: [], empty: [] };
    for (let i = 0; i < 7; i++) {
      let t0 = performance.now();
      await page.getByRole('button', { name: 'Previous month' }).click();
      await page.getByRole('heading', { name: label }).waitFor();
      await page.locator('.dash-cal-month__more').first().waitFor();
      renders.busy.push(performance.now() - t0);
      t0 = performance.now();
      await page.getByRole('button', { name: 'Next month' }).click();
      await emptyText.waitFor();
      renders.empty.push(performance.now() - t0);
    }
    await page.close();
    return {
      floorMs: floor.ms,
      daysMs: days.ms,
      daysP95: days.p95,
      daysRows: days.last.body.days.reduce((n, d) => n + d.appointments.length, 0),
      daysKb: days.last.bytes / 1024,
      floorP95: floor.p95,
      windowMs: windowed.ms,
      windowP95: windowed.p95,
      windowRows: windowed.last.body.length,
      windowKb: windowed.last.bytes / 1024,
      pageMs: page50.ms,
      pageRows: page50.last.body.length,
      pageKb: page50.last.bytes / 1024,
      allMs: all.ms,
      allRows: all.last.body.length,
      allKb: all.last.bytes / 1024,
      renderBusyMs: median(renders.busy),
      renderEmptyMs: median(renders.empty),
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(await measureMonthView());
}
