import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientImportJobSchema,
  ClientImportResultSchema,
  ErrorResponseSchema,
  IMPORT_PRESET_MAPPINGS,
  IMPORT_STOPPED_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  MAX_IMPORT_ROWS,
} from '@slotwise/contracts';
import { createBusiness } from './support/fixtures.js';
import { json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { eventually, startTestWorker } from './support/worker.js';

let ctx: TestContext;
let worker: INestApplicationContext;
let owner: SignedInOwner;
let businessId: number;

const FRESHA = IMPORT_PRESET_MAPPINGS.fresha;
const LEASE_MS = 900;
const HEADER = 'First Name,Last Name,Mobile Number,Email,Note';

// Line 2 a new client; 3 a number that is not one; 4 no first name; 5 line 2 again (another
// spelling of the name, the number typed another way); 6 the client already here; 7 a bad email.
const SAMPLE = [
  HEADER,
  'Mia,Chen,0412 345 678,,Prefers mornings',
  'Tom,Bad,12345,,',
  ',Nameless,0412 000 111,,',
  'MÍA, chen ,+61 412 345 678,mia@example.com,',
  'Olivia,Brown,0400 111 222,olivia@example.com,Imported note',
  'Sam,Lee,0400 333 444,not-an-email,',
].join('\n');

async function customersOf(
  id: number,
): Promise<{ first_name: string; phone: string; email: string | null; notes: string | null }[]> {
  return ctx.db.query(
    `SELECT first_name, phone, email, notes FROM customers WHERE business_id = $1 ORDER BY id`,
    [id],
  );
}

function post(body: unknown, token = owner.accessToken, id = businessId) {
  return ctx.request(json('POST', `/api/business/${id}/clients/import`, body, token));
}

async function jobOf(jobId: number) {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/business/${businessId}/clients/import/${jobId}`,
    headers: { authorization: `Bearer ${owner.accessToken}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ClientImportJobSchema.parse(res.json());
}

/** The job once it has ended, done or failed (read as the owner's progress bar reads it). */
function ended(jobId: number, what: string) {
  return eventually(
    async () => {
      const j = await jobOf(jobId);
      return j.status !== 'queued' && j.status !== 'running' && j;
    },
    20_000,
    what,
  );
}

beforeAll(async () => {
  ctx = await createTestContext({ logLevels: [] });
  // A short lease, so that a dead worker's import ends within the test (the default is a minute).
  worker = await startTestWorker(ctx, { CLIENT_IMPORT_LEASE_MS: String(LEASE_MS) }, []);
  const shop = await createBusiness(ctx.db, { name: 'Import Salon' });
  businessId = shop.business.id;
  owner = await signUpOwner(ctx);
  await ctx.db.query(`UPDATE businesses SET owner_user_id = $2 WHERE id = $1`, [
    businessId,
    owner.userId,
  ]);
  // Olivia is a client already (no email, notes of the owner's).
  await ctx.db.query(
    `INSERT INTO customers (business_id, first_name, last_name, name_key, phone, notes)
     VALUES ($1, 'Olivia', 'Brown', 'olivia brown', '+61400111222', 'Likes tea')`,
    [businessId],
  );
});

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
});

describe('client import', () => {
  it("answers each row's verdict on a dry run and writes nothing", async () => {
    const res = await post({ csv: SAMPLE, mapping: FRESHA, dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const result = ClientImportResultSchema.parse(res.json());
    expect(result.job).toBeNull();
    expect(result.counts).toEqual({ rows: 6, create: 1, existing: 1, duplicate: 1, error: 3 });
    expect(result.rows.map((r) => [r.line, r.verdict, r.phone, r.problems])).toEqual([
      [2, 'create', '+61412345678', []],
      [3, 'error', '12345', ["'12345' is not a valid Australian phone number"]],
      [4, 'error', '+61412000111', ['No first name']],
      [5, 'duplicate', '+61412345678', []],
      [6, 'existing', '+61400111222', []],
      [7, 'error', '+61400333444', ["'not-an-email' is not an email address"]],
    ]);
    expect(await customersOf(businessId)).toHaveLength(1);
    expect((await ctx.db.query(`SELECT count(*)::int AS n FROM client_imports`))[0].n).toBe(0);
  });

  it('imports the good rows as one job: new clients made, repeats merged, known clients kept', async () => {
    const res = await post({ csv: SAMPLE, mapping: FRESHA });
    expect(res.statusCode, res.body).toBe(200);
    const result = ClientImportResultSchema.parse(res.json());
    expect(result.job).toMatchObject({ status: 'queued', total: 2, processed: 0 });
    const done = await eventually(
      async () => {
        const job = await jobOf(result.job!.jobId);
        return job.status === 'done' && job;
      },
      15_000,
      'the import job',
    );
    expect(done).toMatchObject({ total: 2, processed: 2, created: 1, merged: 1, error: null });
    expect(await customersOf(businessId)).toEqual([
      // Olivia keeps her name and notes; her missing email comes from the file.
      {
        first_name: 'Olivia',
        phone: '+61400111222',
        email: 'olivia@example.com',
        notes: 'Likes tea',
      },
      // Mia once, with the email of her second row.
      {
        first_name: 'Mia',
        phone: '+61412345678',
        email: 'mia@example.com',
        notes: 'Prefers mornings',
      },
    ]);
  });

  it('imports nothing when the job fails part-way, and says why', async () => {
    const before = await customersOf(businessId);
    // A fault in the database on the 700th client, after the first chunk of 500 was written.
    await ctx.db.query(`
      CREATE FUNCTION import_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.first_name = 'Boom' THEN RAISE EXCEPTION 'disk on fire'; END IF; RETURN NEW; END $$`);
    await ctx.db.query(
      `CREATE TRIGGER import_fault BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION import_fault()`,
    );
    try {
      const lines = [HEADER];
      for (let i = 0; i < 800; i += 1) {
        lines.push(
          `${i === 699 ? 'Boom' : `Client${i}`},Test,0400 ${String(100000 + i).slice(0, 3)} ${String(100000 + i).slice(3)},,`,
        );
      }
      const res = await post({ csv: lines.join('\n'), mapping: FRESHA });
      expect(res.statusCode, res.body).toBe(200);
      const { job } = ClientImportResultSchema.parse(res.json());
      const failed = await eventually(
        async () => {
          const j = await jobOf(job!.jobId);
          return j.status === 'failed' && j;
        },
        15_000,
        'the failed import',
      );
      expect(failed.error).toContain('nothing was imported');
      expect(failed.error).toContain('disk on fire');
      expect(failed).toMatchObject({ created: 0, processed: 0 });
      expect(await customersOf(businessId)).toEqual(before);
    } finally {
      await ctx.db.query(`DROP TRIGGER import_fault ON customers; DROP FUNCTION import_fault()`);
    }
  });

  it("ends a dead worker's import as failed once its lease passes, and the owner can start again", async () => {
    const before = await customersOf(businessId);
    // What a worker that died mid-import leaves: 'running', half its clients counted, its
    // transaction rolled back (no client written), its lease run out and never renewed.
    const [{ id }] = (await ctx.db.query(
      `INSERT INTO client_imports (business_id, rows, total, status, processed, lease_until)
       VALUES ($1, $2::jsonb, 1, 'running', 1, now() - interval '1 second') RETURNING id`,
      [
        businessId,
        JSON.stringify([
          {
            firstName: 'Lost',
            lastName: 'Client',
            nameKey: 'lost client',
            phone: '+61400777888',
            email: null,
            notes: null,
          },
        ]),
      ],
    )) as [{ id: number }];
    // One of another business, also stopped: the worker ends it too, without anyone reading it.
    const other = await createBusiness(ctx.db, { name: 'Other Salon' });
    const [{ id: otherId }] = (await ctx.db.query(
      `INSERT INTO client_imports (business_id, rows, total, status, lease_until)
       VALUES ($1, '[]'::jsonb, 1, 'running', now() - interval '1 second') RETURNING id`,
      [other.business.id],
    )) as [{ id: number }];
    expect(await ended(id, 'the stopped import')).toMatchObject({
      status: 'failed',
      error: IMPORT_STOPPED_MESSAGE,
      processed: 0,
      created: 0,
    });
    await eventually(
      async () => {
        const [row] = (await ctx.db.query(
          `SELECT status, error FROM client_imports WHERE id = $1`,
          [otherId],
        )) as { status: string; error: string | null }[];
        return row!.status === 'failed' && row!.error === IMPORT_STOPPED_MESSAGE;
      },
      5_000,
      "the worker ending the other business's stopped import",
    );
    expect(await customersOf(businessId)).toEqual(before);
    // Starting again works: a new import runs to the end.
    const again = await post({
      csv: [HEADER, 'Lost,Client,0400 777 888,,'].join('\n'),
      mapping: FRESHA,
    });
    expect(again.statusCode, again.body).toBe(200);
    const { job } = ClientImportResultSchema.parse(again.json());
    const done = await ended(job!.jobId, 'the new import');
    expect(done).toMatchObject({ status: 'done', created: 1 });
  });

  it('keeps a slow import alive past its lease while its worker works (the lease is renewed)', async () => {
    // Each client named Slow takes a second to write: 3 of them outlast the lease three times.
    await ctx.db.query(`
      CREATE FUNCTION import_slow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.first_name = 'Slow' THEN PERFORM pg_sleep(1); END IF; RETURN NEW; END $$`);
    await ctx.db.query(
      `CREATE TRIGGER import_slow BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION import_slow()`,
    );
    try {
      const csv = [
        HEADER,
        'Slow,One,0400 555 001,,',
        'Slow,Two,0400 555 002,,',
        'Slow,Three,0400 555 003,,',
      ];
      const res = await post({ csv: csv.join('\n'), mapping: FRESHA });
      expect(res.statusCode, res.body).toBe(200);
      const { job } = ClientImportResultSchema.parse(res.json());
      // Read all along (each read fails an import whose lease has passed).
      expect(await ended(job!.jobId, 'the slow import')).toMatchObject({
        status: 'done',
        created: 3,
        error: null,
      });
    } finally {
      await ctx.db.query(`DROP TRIGGER import_slow ON customers; DROP FUNCTION import_slow()`);
    }
  });

  it('refuses a file too large, a mapping to a column the file lacks, and text that is not CSV', async () => {
    const many = [
      HEADER,
      ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `A${i},B,0400000000,,`),
    ];
    const tooMany = await post({ csv: many.join('\n'), mapping: FRESHA, dryRun: true });
    expect(tooMany.statusCode).toBe(413);
    expect(ErrorResponseSchema.parse(tooMany.json()).message).toBe(IMPORT_TOO_LARGE_MESSAGE);

    const tooLong = await post({ csv: 'x'.repeat(2_000_001), mapping: FRESHA, dryRun: true });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(IMPORT_TOO_LARGE_MESSAGE);

    const square = await post({
      csv: SAMPLE,
      mapping: IMPORT_PRESET_MAPPINGS.square,
      dryRun: true,
    });
    expect(square.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(square.json()).message).toContain(
      "The file has no column 'Phone Number'",
    );

    const broken = await post({
      csv: 'First Name,Mobile Number\n"Mia,0412 345 678\n',
      mapping: FRESHA,
      dryRun: true,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain('could not be read as CSV');
  });

  it("refuses another owner's import and job (404)", async () => {
    const other = await signUpOwner(ctx);
    const res = await post({ csv: SAMPLE, mapping: FRESHA, dryRun: true }, other.accessToken);
    expect(res.statusCode).toBe(404);
    const rows = (await ctx.db.query(`SELECT id FROM client_imports ORDER BY id LIMIT 1`)) as {
      id: number;
    }[];
    const job = await ctx.request({
      method: 'GET',
      url: `/api/business/${businessId}/clients/import/${rows[0]!.id}`,
      headers: { authorization: `Bearer ${other.accessToken}` },
    });
    expect(job.statusCode).toBe(404);
  });
});
