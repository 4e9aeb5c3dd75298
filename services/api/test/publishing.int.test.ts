// Publishing: the public directory lists a business once its owner has named it, offers an active
// service and opens on some day in hours the owner confirmed (saved them, or kept the default week
// in the setup), unless the owner switched publishing off (which also hides the
// booking page from the public). Owners choose their booking link; old links keep leading to the
// business and stay reserved for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Business,
  BusinessListSchema,
  BusinessSchema,
  ErrorResponseSchema,
  defaultWeeklyHours,
} from '@slotwise/contracts';
import { bookingRequest } from './support/fixtures.js';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';

let ctx: TestContext;
/** The file's first sign-up: its business took the first default slug, 'my-business'. */
let first: Owner;

interface Owner extends SignedInOwner {
  business: Business;
}

beforeAll(async () => {
  ctx = await createTestContext();
  first = await owner();
});

afterAll(async () => {
  await ctx?.close();
});

async function owner(): Promise<Owner> {
  const signedIn = await signUpOwner(ctx);
  const res = await ctx.request({
    method: 'GET',
    url: '/api/business/me',
    headers: bearer(signedIn.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return { ...signedIn, business: BusinessSchema.parse(res.json()) };
}

const patch = (o: Owner, body: Record<string, unknown>) =>
  ctx.request(json('PATCH', `/api/business/${o.business.id}`, body, o.accessToken));

const addService = async (o: Owner, extra: Record<string, unknown> = {}) => {
  const res = await ctx.request(
    json(
      'POST',
      '/api/services',
      { businessId: o.business.id, name: 'Consultation', duration: 60, price: 9000, ...extra },
      o.accessToken,
    ),
  );
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
};

const setWeek = async (o: Owner, open: boolean) => {
  const days = defaultWeeklyHours().map((d) => ({ ...d, isOpen: open && d.isOpen }));
  const res = await ctx.request(
    json('PUT', `/api/business/${o.business.id}/availability`, days, o.accessToken),
  );
  expect(res.statusCode).toBe(200);
};

/** The setup's 'Keep These Hours': the owner confirms the week the business has. */
const keepHours = async (o: Owner) => {
  const res = await patch(o, { hoursConfirmed: true });
  expect(res.statusCode).toBe(200);
  return BusinessSchema.parse(res.json());
};

/**
 * A named business with a service whose owner kept the default hours (Mon–Fri): published.
 */
async function publishedOwner(name: string): Promise<Owner> {
  const o = await owner();
  expect((await patch(o, { name })).statusCode).toBe(200);
  await addService(o);
  await keepHours(o);
  return o;
}

async function directoryIds(): Promise<number[]> {
  const res = await ctx.get('/api/businesses');
  expect(res.statusCode).toBe(200);
  return BusinessListSchema.parse(res.json()).map((b) => b.id);
}

const mine = async (o: Owner) =>
  BusinessSchema.parse(
    (
      await ctx.request({
        method: 'GET',
        url: '/api/business/me',
        headers: bearer(o.accessToken),
      })
    ).json(),
  );

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  return ErrorResponseSchema.parse(res.json());
}

describe('the public directory', () => {
  it('does not list a fresh sign-up, and tells its owner it is not published yet', async () => {
    const o = await owner();
    expect(o.business).toMatchObject({
      name: 'My Business',
      published: false,
      publishingEnabled: true,
    });
    expect(await directoryIds()).not.toContain(o.business.id);
  });

  it('lists a business once it has a chosen name, an active service and an open day', async () => {
    const o = await owner();
    // A service and the default hours, but still the default name.
    const service = await addService(o);
    expect(await directoryIds()).not.toContain(o.business.id);

    await keepHours(o);
    expect(await directoryIds()).not.toContain(o.business.id);

    const named = await patch(o, { name: 'Harbour Physio' });
    expect(BusinessSchema.parse(named.json())).toMatchObject({ published: true });
    expect(await directoryIds()).toContain(o.business.id);
    const listed = BusinessListSchema.parse((await ctx.get('/api/businesses')).json()).find(
      (b) => b.id === o.business.id,
    );
    // The owner's flags are not part of the public answer.
    expect(listed).not.toHaveProperty('published');
    expect(listed).not.toHaveProperty('publishingEnabled');

    // Closed every day: not listed; open again: listed.
    await setWeek(o, false);
    expect(await directoryIds()).not.toContain(o.business.id);
    expect((await mine(o)).published).toBe(false);
    await setWeek(o, true);
    expect(await directoryIds()).toContain(o.business.id);

    // Its only service made inactive: not listed.
    const off = await ctx.request(
      json('PATCH', `/api/services/${service.id}`, { isActive: false }, o.accessToken),
    );
    expect(off.statusCode).toBe(200);
    expect(await directoryIds()).not.toContain(o.business.id);
    expect((await mine(o)).published).toBe(false);
  });

  it('does not list a named business with a service until its owner confirms the hours', async () => {
    // Setup reloaded at its hours step: the default Mon–Fri week is there, nobody chose it.
    const o = await owner();
    expect((await patch(o, { name: 'Unconfirmed Hours Studio' })).statusCode).toBe(200);
    await addService(o);
    expect(await directoryIds()).not.toContain(o.business.id);
    expect(await mine(o)).toMatchObject({ published: false, businessHours: expect.any(String) });
    // The owner still sees their own booking page (the preview), and so does the public by link.
    const page = await ctx.request({
      method: 'GET',
      url: `/api/business/slug/${o.business.slug}`,
      headers: bearer(o.accessToken),
    });
    expect(page.statusCode).toBe(200);

    // 'Keep These Hours': published.
    expect(await keepHours(o)).toMatchObject({ published: true });
    expect(await directoryIds()).toContain(o.business.id);
    // Asked again, it stays published (and nothing else changes).
    expect(await keepHours(o)).toMatchObject({ published: true, name: 'Unconfirmed Hours Studio' });
  });

  it('counts hours the owner saved as confirmed', async () => {
    const o = await owner();
    expect((await patch(o, { name: 'Saved Hours Studio' })).statusCode).toBe(200);
    await addService(o);
    expect(await directoryIds()).not.toContain(o.business.id);
    // The setup's 'Save Hours' (and Settings) save the week: that is the owner's choice.
    await setWeek(o, true);
    expect(await directoryIds()).toContain(o.business.id);
    expect((await mine(o)).published).toBe(true);
  });

  it('accepts only true as the hours confirmation', async () => {
    const o = await owner();
    for (const hoursConfirmed of [false, 'yes', null]) {
      const err = expectError(await patch(o, { hoursConfirmed }), 400);
      expect(err.message).toMatch(/hoursConfirmed/);
    }
    expect((await mine(o)).published).toBe(false);
  });

  it('does not count the default name typed again as a chosen one', async () => {
    const o = await owner();
    await addService(o);
    expect((await patch(o, { name: ' my business ' })).statusCode).toBe(200);
    expect(await directoryIds()).not.toContain(o.business.id);
  });

  it('lists published businesses by name', async () => {
    const b = await publishedOwner('Zebra Yoga');
    const a = await publishedOwner('Acacia Nails');
    const ids = await directoryIds();
    expect(ids.indexOf(a.business.id)).toBeLessThan(ids.indexOf(b.business.id));
  });
});

describe('publishing switched off', () => {
  it('hides the business and its page from the public, but not from its owner', async () => {
    const o = await publishedOwner('Quiet Studio');
    const other = await owner();
    const slug = o.business.slug;
    expect(await directoryIds()).toContain(o.business.id);

    const off = await patch(o, { publishingEnabled: false });
    expect(BusinessSchema.parse(off.json())).toMatchObject({
      publishingEnabled: false,
      published: false,
    });
    expect(await directoryIds()).not.toContain(o.business.id);
    expect(expectError(await ctx.get(`/api/business/slug/${slug}`), 404).code).toBe(
      'BUSINESS_NOT_FOUND',
    );
    expectError(await ctx.get(`/api/business/${o.business.id}`), 404);
    // Another signed-in owner is the public too.
    expectError(
      await ctx.request({
        method: 'GET',
        url: `/api/business/slug/${slug}`,
        headers: bearer(other.accessToken),
      }),
      404,
    );
    // Nobody can book it.
    const services = (
      await ctx.request({
        method: 'GET',
        url: `/api/business/${o.business.id}/services`,
        headers: bearer(o.accessToken),
      })
    ).json() as { id: number }[];
    const booking = await ctx.post(
      '/api/appointments',
      bookingRequest(o.business.id, services[0]!.id, '2027-01-05T00:00:00.000Z'),
    );
    expect(expectError(booking, 404).code).toBe('BUSINESS_NOT_FOUND');

    // The owner still has it, in the dashboard and on their own booking page.
    expect(await mine(o)).toMatchObject({ id: o.business.id, publishingEnabled: false });
    for (const url of [`/api/business/slug/${slug}`, `/api/business/${o.business.id}`]) {
      const res = await ctx.request({ method: 'GET', url, headers: bearer(o.accessToken) });
      expect(res.statusCode, url).toBe(200);
      expect(BusinessSchema.parse(res.json()).id).toBe(o.business.id);
    }

    const on = await patch(o, { publishingEnabled: true });
    expect(BusinessSchema.parse(on.json())).toMatchObject({ published: true });
    expect(await directoryIds()).toContain(o.business.id);
    expect((await ctx.get(`/api/business/slug/${slug}`)).statusCode).toBe(200);
  });

  it('refuses a switch that is not on or off', async () => {
    const o = await owner();
    const res = expectError(await patch(o, { publishingEnabled: 'no' }), 400);
    expect(res.issues?.[0]).toMatchObject({ path: 'publishingEnabled' });
  });
});

describe('changing the booking link', () => {
  it('refuses a malformed, reserved or numeric slug with its reason', async () => {
    const o = await owner();
    const cases: [unknown, string][] = [
      ['ab', 'Use 3 to 60 characters'],
      ['a'.repeat(61), 'Use 3 to 60 characters'],
      ['bad slug!', 'Use lowercase letters, digits and single hyphens, not at the start or end'],
      ['-leading', 'Use lowercase letters, digits and single hyphens, not at the start or end'],
      [
        'double--hyphen',
        'Use lowercase letters, digits and single hyphens, not at the start or end',
      ],
      ['12345', 'Include at least one letter'],
      ['dashboard', 'That booking link is reserved'],
      ['API', 'That booking link is reserved'],
      [42, 'Use 3 to 60 characters'],
    ];
    for (const [slug, message] of cases) {
      const body = expectError(await patch(o, { slug }), 400);
      expect(body.issues, String(slug)).toContainEqual({ path: 'slug', message });
    }
    expect((await mine(o)).slug).toBe(o.business.slug);
  });

  it('moves the business to the new link; the old one still finds it, with the new slug', async () => {
    const o = await publishedOwner('Bondi Barbers');
    const old = o.business.slug;
    const res = await patch(o, { slug: '  Bondi-Barbers ' });
    expect(res.statusCode).toBe(200);
    expect(BusinessSchema.parse(res.json())).toMatchObject({
      slug: 'bondi-barbers',
      published: true,
    });

    for (const slug of ['bondi-barbers', old, old.toUpperCase()]) {
      const found = await ctx.get(`/api/business/slug/${slug}`);
      expect(found.statusCode, slug).toBe(200);
      expect(BusinessSchema.parse(found.json())).toMatchObject({
        id: o.business.id,
        slug: 'bondi-barbers',
      });
    }
    // The booking page's other calls by the old slug work too.
    const services = await ctx.get(`/api/business/slug/${old}/services`);
    expect(services.statusCode).toBe(200);
    expect((services.json() as unknown[]).length).toBe(1);

    // Changed again: every earlier link still leads here.
    expect((await patch(o, { slug: 'bondi-barbers-co' })).statusCode).toBe(200);
    for (const slug of [old, 'bondi-barbers', 'bondi-barbers-co']) {
      const found = BusinessSchema.parse((await ctx.get(`/api/business/slug/${slug}`)).json());
      expect(found.slug, slug).toBe('bondi-barbers-co');
    }
    // Saving the same slug again changes nothing.
    expect(BusinessSchema.parse((await patch(o, { slug: 'bondi-barbers-co' })).json()).slug).toBe(
      'bondi-barbers-co',
    );
    // Back to an old one of its own: allowed.
    expect(BusinessSchema.parse((await patch(o, { slug: 'bondi-barbers' })).json()).slug).toBe(
      'bondi-barbers',
    );
    const back = BusinessSchema.parse(
      (await ctx.get('/api/business/slug/bondi-barbers-co')).json(),
    );
    expect(back.slug).toBe('bondi-barbers');
  });

  it("answers 409 for another business's current or old slug", async () => {
    const a = await owner();
    const b = await owner();
    expect((await patch(a, { slug: 'taken-link', name: 'Taken Co' })).statusCode).toBe(200);

    const current = expectError(await patch(b, { slug: 'taken-link', name: 'Other Co' }), 409);
    expect(current).toMatchObject({ code: 'SLUG_TAKEN', message: 'That booking link is taken' });
    // Nothing of the refused request was saved.
    expect(await mine(b)).toMatchObject({ slug: b.business.slug, name: 'My Business' });

    expect((await patch(a, { slug: 'taken-link-2' })).statusCode).toBe(200);
    // 'taken-link' is now an old link of a: still a's.
    expect(expectError(await patch(b, { slug: 'taken-link' }), 409).code).toBe('SLUG_TAKEN');
    expect(BusinessSchema.parse((await ctx.get('/api/business/slug/taken-link')).json()).id).toBe(
      a.business.id,
    );
  });

  it('never gives a new business an old link of another', async () => {
    expect(first.business.slug).toBe('my-business');
    expect((await patch(first, { slug: 'first-owner' })).statusCode).toBe(200);
    const next = await owner();
    expect(next.business.slug).not.toBe('my-business');
    expect(BusinessSchema.parse((await ctx.get('/api/business/slug/my-business')).json()).id).toBe(
      first.business.id,
    );
  });

  it('allows 10 link changes a day and keeps 10 old links, releasing the oldest', async () => {
    const a = await owner();
    const original = a.business.slug;
    const oldLinks = async () =>
      (
        await ctx.db.query(
          `SELECT slug FROM business_slug_history WHERE business_id = $1 ORDER BY slug`,
          [a.business.id],
        )
      ).map((r: { slug: string }) => r.slug);
    try {
      for (let i = 1; i <= 10; i++) {
        expect((await patch(a, { slug: `hoard-${i}` })).statusCode).toBe(200);
      }
      const refused = expectError(await patch(a, { slug: 'hoard-11', name: 'Hoard Co' }), 429);
      expect(refused).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'You can change your booking link at most 10 times a day. Try again tomorrow.',
      });
      // Nothing of the refused request was saved; the same slug again is no change.
      expect(await mine(a)).toMatchObject({ slug: 'hoard-10', name: 'My Business' });
      expect((await patch(a, { slug: 'hoard-10', name: 'Hoard Co' })).statusCode).toBe(200);
      expect(await oldLinks()).toHaveLength(10);
      expect(await oldLinks()).toContain(original);

      // A day later: the change goes through, and the oldest old link is released.
      ctx.clock.set('2027-01-05T00:00:01Z');
      expect((await patch(a, { slug: 'hoard-11' })).statusCode).toBe(200);
      const kept = await oldLinks();
      expect(kept).toHaveLength(10);
      expect(kept).not.toContain(original);
      expect(kept).toContain('hoard-1');
      // Its redirect stops, and another business may take it.
      await expect
        .poll(async () => (await ctx.get(`/api/business/slug/${original}`)).statusCode)
        .toBe(404);
      const b = await owner();
      expect((await patch(b, { slug: original })).statusCode).toBe(200);
      expect(BusinessSchema.parse((await ctx.get(`/api/business/slug/hoard-1`)).json()).id).toBe(
        a.business.id,
      );
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });

  it("lets only the owner change the slug (another owner's PATCH answers 404)", async () => {
    const a = await owner();
    const intruder = await owner();
    const res = await ctx.request(
      json(
        'PATCH',
        `/api/business/${a.business.id}`,
        { slug: 'stolen-link' },
        intruder.accessToken,
      ),
    );
    expectError(res, 404);
    expect((await mine(a)).slug).toBe(a.business.slug);
    expectError(await ctx.get('/api/business/slug/stolen-link'), 404);
  });
});
