import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-way SMS confirmation (decision record 020): the business's setting (hours before the start,
 * null for never), when the customer confirmed by SMS, and the replies kept for the owner. The
 * partial index finds the latest request sent to a number when its reply arrives.
 */
export class SmsConfirmation1768610000000 implements MigrationInterface {
  name = 'SmsConfirmation1768610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE businesses ADD COLUMN confirmation_request_hours integer DEFAULT 48
        CONSTRAINT businesses_confirmation_request_hours_check
          CHECK (confirmation_request_hours BETWEEN 1 AND 168)`);
    await q.query(`ALTER TABLE appointments ADD COLUMN customer_confirmed_at timestamptz`);
    await q.query(`
      CREATE TABLE sms_replies (
        id                  serial PRIMARY KEY,
        business_id         integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        appointment_id      integer NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
        from_number         varchar(30) NOT NULL,
        body                text NOT NULL,
        action              varchar(20) NOT NULL CHECK (action IN ('confirmed', 'cancelled', 'kept')),
        provider_message_id varchar(100) NOT NULL UNIQUE,
        received_at         timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sms_replies_appointment_id_idx ON sms_replies (appointment_id)`);
    await q.query(`
      CREATE INDEX outbox_confirmation_requests_idx ON outbox (recipient, sent_at DESC)
        WHERE kind = 'confirmation-request'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS outbox_confirmation_requests_idx`);
    await q.query(`DROP TABLE IF EXISTS sms_replies`);
    await q.query(`ALTER TABLE appointments DROP COLUMN customer_confirmed_at`);
    await q.query(`ALTER TABLE businesses DROP COLUMN confirmation_request_hours`);
  }
}
