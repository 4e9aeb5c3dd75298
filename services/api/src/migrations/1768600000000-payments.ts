import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No-show protection (decision 39): each business's Stripe Connect account, its payment policy
 * (and per-service overrides), the Stripe customers of its clients, every charge and refund of a
 * booking with its Stripe state, Stripe's events by id, and the `pending_payment` status.
 */
export class Payments1768600000000 implements MigrationInterface {
  name = 'Payments1768600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appointments DROP CONSTRAINT appointments_status_check`);
    await q.query(`
      ALTER TABLE appointments ADD CONSTRAINT appointments_status_check
        CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled', 'no_show', 'pending_payment'))`);

    await q.query(`
      CREATE TABLE stripe_connected_accounts (
        business_id       integer PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
        account_id        varchar(255) NOT NULL UNIQUE,
        charges_enabled   boolean NOT NULL DEFAULT false,
        payouts_enabled   boolean NOT NULL DEFAULT false,
        details_submitted boolean NOT NULL DEFAULT false,
        requirements      jsonb NOT NULL DEFAULT '[]',
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE payment_policies (
        id          serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        service_id  integer REFERENCES services (id) ON DELETE CASCADE,
        policy      jsonb NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX payment_policies_business_idx ON payment_policies (business_id) WHERE service_id IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX payment_policies_service_idx ON payment_policies (business_id, service_id) WHERE service_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE payment_customers (
        business_id        integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        customer_id        integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        stripe_customer_id varchar(255) NOT NULL UNIQUE,
        created_at         timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (business_id, customer_id)
      )`);

    await q.query(`
      CREATE TABLE booking_payments (
        id                 serial PRIMARY KEY,
        business_id        integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        appointment_id     integer NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
        customer_id        integer REFERENCES customers (id) ON DELETE SET NULL,
        kind               varchar(30) NOT NULL CHECK (kind IN
                             ('deposit', 'card_saved', 'late_cancellation_fee', 'no_show_fee', 'refund')),
        amount_cents       integer NOT NULL CHECK (amount_cents >= 0),
        currency           char(3) NOT NULL DEFAULT 'aud',
        state              varchar(20) NOT NULL CHECK (state IN
                             ('pending', 'succeeded', 'fee_failed', 'failed', 'canceled', 'refunded', 'disputed')),
        stripe_status      varchar(40),
        stripe_id          varchar(255) UNIQUE,
        stripe_customer_id varchar(255),
        payment_method_id  varchar(255),
        card               varchar(60),
        failure_message    text,
        -- One key per booking and kind: a double click, a retry or a second process find the row
        -- (and Stripe gets the same Idempotency-Key), so a fee is charged at most once.
        idempotency_key    varchar(200) NOT NULL UNIQUE,
        policy             jsonb,
        accepted_policy    text,
        accepted_at        timestamptz,
        held_until         timestamptz,
        held_messages      jsonb,
        pay_token_hash     varchar(64) UNIQUE,
        created_at         timestamptz NOT NULL DEFAULT now(),
        updated_at         timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX booking_payments_once_idx ON booking_payments (appointment_id, kind) WHERE kind <> 'refund'`,
    );
    await q.query(
      `CREATE INDEX booking_payments_business_idx ON booking_payments (business_id, created_at DESC)`,
    );
    await q.query(
      `CREATE INDEX booking_payments_held_idx ON booking_payments (held_until) WHERE held_until IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE payment_events (
        id          varchar(255) PRIMARY KEY,
        type        varchar(100) NOT NULL,
        account     varchar(255),
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_events`);
    await q.query(`DROP TABLE booking_payments`);
    await q.query(`DROP TABLE payment_customers`);
    await q.query(`DROP TABLE payment_policies`);
    await q.query(`DROP TABLE stripe_connected_accounts`);
    await q.query(`UPDATE appointments SET status = 'cancelled' WHERE status = 'pending_payment'`);
    await q.query(`ALTER TABLE appointments DROP CONSTRAINT appointments_status_check`);
    await q.query(`
      ALTER TABLE appointments ADD CONSTRAINT appointments_status_check
        CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled', 'no_show'))`);
  }
}
