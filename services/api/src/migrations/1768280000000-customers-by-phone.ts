import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer is one record per business and phone number, stored in E.164: existing numbers are
 * normalised where they parse (Australian by default; others are kept as typed), the records of
 * one number are merged into its oldest (which takes the newest record's name, email and
 * preferences, and every booking), and a unique index then lets a booking find or create its
 * customer in one race-free statement. The owner's private notes come with it.
 */
export class CustomersByPhone1768280000000 implements MigrationInterface {
  name = 'CustomersByPhone1768280000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE customers
        ADD COLUMN notes text,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);

    const rows: { id: number; phone: string }[] = await q.query(`SELECT id, phone FROM customers`);
    const ids: number[] = [];
    const phones: string[] = [];
    for (const row of rows) {
      const parsed = parsePhoneNumberFromString(row.phone.trim(), 'AU');
      if (parsed?.isValid() && parsed.number !== row.phone) {
        ids.push(row.id);
        phones.push(parsed.number);
      }
    }
    if (ids.length > 0) {
      await q.query(
        `UPDATE customers c SET phone = v.phone
           FROM unnest($1::int[], $2::text[]) AS v(id, phone)
          WHERE c.id = v.id`,
        [ids, phones],
      );
    }

    // Each duplicate's keeper: the oldest record of its business and number.
    await q.query(`
      CREATE TEMPORARY TABLE customer_merges AS
        SELECT id, keep_id FROM (
          SELECT id, min(id) OVER (PARTITION BY business_id, phone) AS keep_id FROM customers
        ) d
         WHERE id <> keep_id`);
    await q.query(`
      UPDATE customers k
         SET first_name = n.first_name,
             last_name = n.last_name,
             email = COALESCE(n.email, k.email),
             notify_email = n.notify_email,
             notify_sms = n.notify_sms
        FROM (
          SELECT DISTINCT ON (m.keep_id) m.keep_id, c.first_name, c.last_name, c.email,
                 c.notify_email, c.notify_sms
            FROM customer_merges m JOIN customers c ON c.id = m.id
           ORDER BY m.keep_id, c.id DESC
        ) n
       WHERE k.id = n.keep_id`);
    await q.query(`
      UPDATE appointments a SET customer_id = m.keep_id
        FROM customer_merges m WHERE a.customer_id = m.id`);
    await q.query(`DELETE FROM customers c USING customer_merges m WHERE c.id = m.id`);
    await q.query(`DROP TABLE customer_merges`);

    await q.query(`DROP INDEX customers_business_phone_idx`);
    await q.query(
      `CREATE UNIQUE INDEX customers_business_phone_key ON customers (business_id, phone)`,
    );
  }

  /** Merged records stay merged and numbers stay in E.164: both are still valid data. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX customers_business_phone_key`);
    await q.query(`CREATE INDEX customers_business_phone_idx ON customers (business_id, phone)`);
    await q.query(`ALTER TABLE customers DROP COLUMN updated_at, DROP COLUMN notes`);
  }
}
