import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `no_show`: the client did not come (counted on the client), besides the spec's four statuses. */
export class NoShowStatus1767916800000 implements MigrationInterface {
  name = 'NoShowStatus1767916800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appointments DROP CONSTRAINT appointments_status_check`);
    await q.query(`
      ALTER TABLE appointments ADD CONSTRAINT appointments_status_check
        CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled', 'no_show'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE appointments SET status = 'completed' WHERE status = 'no_show'`);
    await q.query(`ALTER TABLE appointments DROP CONSTRAINT appointments_status_check`);
    await q.query(`
      ALTER TABLE appointments ADD CONSTRAINT appointments_status_check
        CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled'))`);
  }
}
