import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `booking_payments.succeeded_at`: when Slotwise recorded Stripe's word that the money moved (a
 * charge or a refund reaching 'succeeded', or a charge first seen already refunded or disputed),
 * set once by a trigger whatever code path writes the state, never cleared. The reports count money
 * by it (docs/reports.md). Rows already settled take their best-known time: a charge still
 * 'succeeded' its last update, one since refunded or disputed its creation.
 *
 * `client_imports.lease_until`: the running import's lease, renewed by the worker while it works.
 * A 'running' import whose lease has passed lost its worker (its transaction rolled back) and is
 * marked failed (docs/decisions/025).
 */
export class ReportMoneyAndImportLease1768730000000 implements MigrationInterface {
  name = 'ReportMoneyAndImportLease1768730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE booking_payments ADD COLUMN succeeded_at timestamptz`);
    await q.query(`
      UPDATE booking_payments
         SET succeeded_at = CASE WHEN state = 'succeeded' THEN updated_at ELSE created_at END
       WHERE state IN ('succeeded', 'refunded', 'disputed')`);
    await q.query(`
      CREATE FUNCTION booking_payments_succeeded_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.state IN ('succeeded', 'refunded', 'disputed') AND NEW.succeeded_at IS NULL THEN
          NEW.succeeded_at := now();
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER booking_payments_succeeded_at BEFORE INSERT OR UPDATE OF state
        ON booking_payments FOR EACH ROW EXECUTE FUNCTION booking_payments_succeeded_at()`);
    // The reports' money: one index range per period, read without the table.
    await q.query(`
      CREATE INDEX booking_payments_succeeded_idx
        ON booking_payments (business_id, succeeded_at) INCLUDE (kind, amount_cents, appointment_id)
        WHERE succeeded_at IS NOT NULL`);

    await q.query(`ALTER TABLE client_imports ADD COLUMN lease_until timestamptz`);
    await q.query(`
      UPDATE client_imports
         SET status = 'failed', processed = 0, updated_at = now(),
             error = 'The import stopped before it finished. Nothing was imported. Please try again.'
       WHERE status = 'running'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE client_imports DROP COLUMN lease_until`);
    await q.query(`DROP INDEX booking_payments_succeeded_idx`);
    await q.query(`DROP TRIGGER booking_payments_succeeded_at ON booking_payments`);
    await q.query(`DROP FUNCTION booking_payments_succeeded_at()`);
    await q.query(`ALTER TABLE booking_payments DROP COLUMN succeeded_at`);
  }
}
