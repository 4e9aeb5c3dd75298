import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stripe Billing: each business's Stripe customer, its subscriptions as
 * Stripe last reported them, the webhook events already handled (each is handled once), and the
 * mark on staff and services paused when a subscription lapsed (they are never deleted for it).
 */
export class Subscriptions1767744000000 implements MigrationInterface {
  name = 'Subscriptions1767744000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stripe_customers (
        business_id  integer PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
        customer_id  varchar(255) NOT NULL UNIQUE,
        created_at   timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE subscriptions (
        stripe_subscription_id  varchar(255) PRIMARY KEY,
        business_id             integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        status                  varchar(32) NOT NULL,
        price_id                varchar(255),
        -- 'professional' when the subscription is for the configured Professional price.
        plan                    varchar(20) NOT NULL,
        current_period_end      timestamptz,
        cancel_at_period_end    boolean NOT NULL DEFAULT false,
        stripe_created_at       timestamptz NOT NULL,
        -- When this state was read from Stripe: an older state never overwrites a newer one.
        synced_at               timestamptz NOT NULL,
        created_at              timestamptz NOT NULL DEFAULT now(),
        updated_at              timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX subscriptions_business_idx ON subscriptions (business_id, stripe_created_at DESC)`,
    );
    await q.query(`
      CREATE TABLE stripe_events (
        id                 varchar(255) PRIMARY KEY,
        type               varchar(100) NOT NULL,
        stripe_created_at  timestamptz NOT NULL,
        processed_at       timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE services ADD COLUMN plan_paused_at timestamptz`);
    await q.query(`ALTER TABLE staff_members ADD COLUMN plan_paused_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE staff_members DROP COLUMN IF EXISTS plan_paused_at`);
    await q.query(`ALTER TABLE services DROP COLUMN IF EXISTS plan_paused_at`);
    await q.query(`DROP TABLE IF EXISTS stripe_events`);
    await q.query(`DROP TABLE IF EXISTS subscriptions`);
    await q.query(`DROP TABLE IF EXISTS stripe_customers`);
  }
}
