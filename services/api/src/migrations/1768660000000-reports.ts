import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the reports need that the ledger did not keep (docs/decisions/019): who made a booking
 * (`booked_via`: 'online' from the public page, 'owner' from the dashboard; older rows are taken as
 * online, the owner's bookings before now cannot be told apart) and when it was cancelled
 * (`cancelled_at`, set by a trigger on every path that cancels, so no caller can forget it;
 * older cancellations take their last change as the best guess). Indexes for the reports'
 * aggregates, and `client_imports`: one owner's import, its valid rows and its progress.
 */
export class Reports1768660000000 implements MigrationInterface {
  name = 'Reports1768660000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE appointments
        ADD COLUMN booked_via varchar(10) NOT NULL DEFAULT 'online'
          CONSTRAINT appointments_booked_via_check CHECK (booked_via IN ('online', 'owner')),
        ADD COLUMN cancelled_at timestamptz`);
    await q.query(`UPDATE appointments SET cancelled_at = updated_at WHERE status = 'cancelled'`);
    await q.query(`
      CREATE FUNCTION appointments_cancelled_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'cancelled' THEN
          IF TG_OP = 'INSERT' THEN
            NEW.cancelled_at := coalesce(NEW.cancelled_at, now());
          ELSIF OLD.status <> 'cancelled' AND NEW.cancelled_at IS NOT DISTINCT FROM OLD.cancelled_at THEN
            NEW.cancelled_at := now();
          END IF;
        ELSE
          NEW.cancelled_at := NULL;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER appointments_cancelled_at BEFORE INSERT OR UPDATE OF status, cancelled_at
        ON appointments FOR EACH ROW EXECUTE FUNCTION appointments_cancelled_at()`);
    // The reports group a business's appointments by customer (first visits, rebooking).
    await q.query(`
      CREATE INDEX appointments_business_customer_starts_idx
        ON appointments (business_id, customer_id, starts_at)`);
    await q.query(`
      CREATE TABLE client_imports (
        id serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        status varchar(10) NOT NULL DEFAULT 'queued'
          CONSTRAINT client_imports_status_check CHECK (status IN ('queued', 'running', 'done', 'failed')),
        rows jsonb NOT NULL,
        total integer NOT NULL,
        processed integer NOT NULL DEFAULT 0,
        created integer NOT NULL DEFAULT 0,
        merged integer NOT NULL DEFAULT 0,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX client_imports_queued_idx ON client_imports (id) WHERE status = 'queued'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE client_imports`);
    await q.query(`DROP INDEX appointments_business_customer_starts_idx`);
    await q.query(`DROP TRIGGER appointments_cancelled_at ON appointments`);
    await q.query(`DROP FUNCTION appointments_cancelled_at()`);
    await q.query(`ALTER TABLE appointments DROP COLUMN booked_via, DROP COLUMN cancelled_at`);
  }
}
