import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a booking costs, in cents, as the service was priced when it was booked: a client's total
 * spent and the diary stay true when the owner changes a price later. Existing rows take their
 * service's current price (the best that is known of them).
 */
export class AppointmentPrice1768370000000 implements MigrationInterface {
  name = 'AppointmentPrice1768370000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appointments ADD COLUMN price_cents integer`);
    await q.query(`
      UPDATE appointments a SET price_cents = s.price_cents
        FROM services s WHERE s.id = a.service_id`);
    await q.query(`
      ALTER TABLE appointments
        ADD CONSTRAINT appointments_price_cents_range CHECK (price_cents IS NULL OR price_cents >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appointments DROP COLUMN price_cents`);
  }
}
