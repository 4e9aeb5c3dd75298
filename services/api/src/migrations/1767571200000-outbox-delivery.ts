import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery of the outbox: who a message belongs to (caps per business, reminders per
 * appointment), when it may go out (`not_before`, for reminders), the worker's lease on it
 * (`claimed_at`), the provider's id for it, and the delivery states of contracts' OUTBOX_STATUSES.
 */
export class OutboxDelivery1767571200000 implements MigrationInterface {
  name = 'OutboxDelivery1767571200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE outbox
        ADD COLUMN business_id         integer REFERENCES businesses (id) ON DELETE SET NULL,
        ADD COLUMN appointment_id      integer REFERENCES appointments (id) ON DELETE SET NULL,
        ADD COLUMN not_before          timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN claimed_at          timestamptz,
        ADD COLUMN provider_message_id varchar(100),
        ADD COLUMN delivered_at        timestamptz,
        ADD COLUMN updated_at          timestamptz NOT NULL DEFAULT now()`);
    await q.query(`
      ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN
        ('pending', 'queued', 'sending', 'sent', 'delivered', 'failed', 'not_configured', 'cancelled'))`);
    // The relay's scan: due messages not yet handed to the queue.
    await q.query(
      `CREATE INDEX outbox_due_idx ON outbox (not_before) WHERE status IN ('pending', 'queued', 'sending')`,
    );
    // SMS caps count recent messages per recipient and per business.
    await q.query(`CREATE INDEX outbox_recipient_created_idx ON outbox (recipient, created_at)`);
    await q.query(`CREATE INDEX outbox_business_created_idx ON outbox (business_id, created_at)`);
    await q.query(`CREATE INDEX outbox_appointment_idx ON outbox (appointment_id)`);
    await q.query(
      `CREATE UNIQUE INDEX outbox_provider_message_id_key ON outbox (provider_message_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS outbox_provider_message_id_key`);
    await q.query(`DROP INDEX IF EXISTS outbox_appointment_idx`);
    await q.query(`DROP INDEX IF EXISTS outbox_business_created_idx`);
    await q.query(`DROP INDEX IF EXISTS outbox_recipient_created_idx`);
    await q.query(`DROP INDEX IF EXISTS outbox_due_idx`);
    await q.query(`ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_status_check`);
    await q.query(`
      ALTER TABLE outbox
        DROP COLUMN business_id, DROP COLUMN appointment_id, DROP COLUMN not_before,
        DROP COLUMN claimed_at, DROP COLUMN provider_message_id, DROP COLUMN delivered_at,
        DROP COLUMN updated_at`);
  }
}
