import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers' cancel and reschedule links: only the sha256 of each random token is
 * kept; a token expires at the appointment's start and is spent once used.
 */
export class AppointmentTokens1767484800000 implements MigrationInterface {
  name = 'AppointmentTokens1767484800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE appointment_tokens (
        id              serial PRIMARY KEY,
        appointment_id  integer NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
        purpose         varchar(20) NOT NULL CHECK (purpose IN ('cancel', 'reschedule')),
        token_hash      char(64) NOT NULL UNIQUE,
        expires_at      timestamptz NOT NULL,
        used_at         timestamptz,
        created_at      timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX appointment_tokens_appointment_id_idx ON appointment_tokens (appointment_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS appointment_tokens`);
  }
}
