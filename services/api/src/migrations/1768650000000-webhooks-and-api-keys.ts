import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26, decision 42: owners' webhook endpoints and their deliveries (the webhooks' outbox,
 * written in the transaction of the change), and API keys (only a SHA-256 of each is kept).
 */
export class WebhooksAndApiKeys1768650000000 implements MigrationInterface {
  name = 'WebhooksAndApiKeys1768650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        url varchar(2000) NOT NULL,
        description varchar(200),
        events text[] NOT NULL,
        secret varchar(100) NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason varchar(200),
        failing_since timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX webhook_endpoints_business ON webhook_endpoints (business_id)`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        message_id varchar(60) NOT NULL,
        event_type varchar(60) NOT NULL,
        payload jsonb NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        claimed_at timestamptz,
        response_code integer,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`,
    );
    await q.query(
      `CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, created_at DESC)`,
    );
    await q.query(`CREATE INDEX webhook_deliveries_age ON webhook_deliveries (created_at)`);
    await q.query(`
      CREATE TABLE api_keys (
        id serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        prefix varchar(20) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        scopes text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz)`);
    await q.query(`CREATE INDEX api_keys_business ON api_keys (business_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE api_keys');
    await q.query('DROP TABLE webhook_deliveries');
    await q.query('DROP TABLE webhook_endpoints');
  }
}
