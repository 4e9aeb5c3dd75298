import type { MigrationInterface, QueryRunner } from 'typeorm';

/** As `clientNameKey` (modules/customer/client-name.ts) computes it, frozen for this migration. */
function nameKey(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Decision 35: an appointment keeps the name, email and phone it was booked with (backfilled from
 * its customer as they are now), and a client is one record per business, phone and name (its
 * `name_key`: case, spaces and accents ignored), so one phone shared by two people is two clients.
 */
export class ClientIdentity1768520000000 implements MigrationInterface {
  name = 'ClientIdentity1768520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE appointments
        ADD COLUMN customer_first_name varchar(60),
        ADD COLUMN customer_last_name varchar(60),
        ADD COLUMN customer_email varchar(254),
        ADD COLUMN customer_phone varchar(30)`);
    await q.query(`
      UPDATE appointments a
         SET customer_first_name = c.first_name, customer_last_name = c.last_name,
             customer_email = c.email, customer_phone = c.phone
        FROM customers c
       WHERE c.id = a.customer_id`);

    await q.query(`
      ALTER TABLE customers
        ADD COLUMN name_key varchar(130) NOT NULL DEFAULT ''`);
    const rows: { id: number; first_name: string; last_name: string }[] = await q.query(
      `SELECT id, first_name, last_name FROM customers`,
    );
    if (rows.length > 0) {
      await q.query(
        `UPDATE customers c SET name_key = v.key
           FROM unnest($1::int[], $2::text[]) AS v(id, key)
          WHERE c.id = v.id`,
        [rows.map((r) => r.id), rows.map((r) => nameKey(r.first_name, r.last_name))],
      );
    }
    await q.query(`DROP INDEX IF EXISTS customers_business_phone_key`);
    await q.query(`ALTER TABLE customers DROP CONSTRAINT IF EXISTS customers_business_phone_key`);
    await q.query(`
      CREATE UNIQUE INDEX customers_business_phone_name_key
        ON customers (business_id, phone, name_key)`);
  }

  /**
   * Clients sharing a number stay apart, so the index by number alone comes back without its
   * uniqueness (merging people back into one is not undoing this).
   */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX customers_business_phone_name_key`);
    await q.query(`ALTER TABLE customers DROP COLUMN name_key`);
    await q.query(`CREATE INDEX customers_business_phone_key ON customers (business_id, phone)`);
    await q.query(`
      ALTER TABLE appointments
        DROP COLUMN customer_first_name, DROP COLUMN customer_last_name,
        DROP COLUMN customer_email, DROP COLUMN customer_phone`);
  }
}
