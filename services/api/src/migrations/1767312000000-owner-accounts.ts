import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Owners: user accounts, email verification, rotating refresh tokens, the message outbox,
 * one business per owner, and archiving (instead of deleting) services and staff that have history.
 */
export class OwnerAccounts1767312000000 implements MigrationInterface {
  name = 'OwnerAccounts1767312000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email             varchar(254) NOT NULL,
        -- argon2id PHC string; null for accounts that only sign in with Google.
        password_hash     text,
        email_verified_at timestamptz,
        created_at        timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_key UNIQUE (email),
        CONSTRAINT users_email_lowercase CHECK (email = lower(email))
      )`);

    await q.query(`
      CREATE TABLE email_verification_tokens (
        id          serial PRIMARY KEY,
        user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        -- sha256 (hex) of the random token sent in the link; the token itself is never stored.
        token_hash  char(64) NOT NULL,
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT email_verification_tokens_hash_key UNIQUE (token_hash)
      )`);
    await q.query(
      `CREATE INDEX email_verification_tokens_user_id_idx ON email_verification_tokens (user_id)`,
    );

    await q.query(`
      CREATE TABLE refresh_tokens (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        -- Every token rotated from one sign-in shares the family; reuse revokes the family.
        family_id   uuid NOT NULL,
        user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash  char(64) NOT NULL,
        expires_at  timestamptz NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        replaced_at timestamptz,
        revoked_at  timestamptz,
        CONSTRAINT refresh_tokens_hash_key UNIQUE (token_hash)
      )`);
    await q.query(`CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id)`);
    await q.query(`CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id)`);

    // Messages are written here in the transaction that causes them, so none is lost; the
    // worker that delivers them came later (attempts, sent_at and last_error are for it).
    await q.query(`
      CREATE TABLE outbox (
        id          serial PRIMARY KEY,
        channel     varchar(10) NOT NULL,
        recipient   varchar(254) NOT NULL,
        subject     text,
        body        text NOT NULL,
        kind        varchar(60) NOT NULL,
        status      varchar(20) NOT NULL DEFAULT 'pending',
        attempts    integer NOT NULL DEFAULT 0,
        last_error  text,
        sent_at     timestamptz,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'sms'))
      )`);
    await q.query(`CREATE INDEX outbox_status_created_at_idx ON outbox (status, created_at)`);

    // One business per owner, owned by a real user. No ids of another format were ever written.
    await q.query(`DROP INDEX IF EXISTS businesses_owner_user_id_idx`);
    await q.query(`
      UPDATE businesses SET owner_user_id = NULL
       WHERE owner_user_id IS NOT NULL
         AND owner_user_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`);
    await q.query(
      `ALTER TABLE businesses ALTER COLUMN owner_user_id TYPE uuid USING owner_user_id::uuid`,
    );
    await q.query(`
      UPDATE businesses SET owner_user_id = NULL
       WHERE owner_user_id IS NOT NULL
         AND owner_user_id NOT IN (SELECT id FROM users)`);
    await q.query(`
      ALTER TABLE businesses
        ADD CONSTRAINT businesses_owner_user_id_key UNIQUE (owner_user_id),
        ADD CONSTRAINT businesses_owner_user_id_fk FOREIGN KEY (owner_user_id)
          REFERENCES users (id) ON DELETE SET NULL`);

    // Archived rows keep the appointments that point at them; every list leaves them out.
    await q.query(`ALTER TABLE services ADD COLUMN deleted_at timestamptz`);
    await q.query(`ALTER TABLE staff_members ADD COLUMN deleted_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE staff_members DROP COLUMN IF EXISTS deleted_at`);
    await q.query(`ALTER TABLE services DROP COLUMN IF EXISTS deleted_at`);
    await q.query(`
      ALTER TABLE businesses
        DROP CONSTRAINT IF EXISTS businesses_owner_user_id_fk,
        DROP CONSTRAINT IF EXISTS businesses_owner_user_id_key`);
    await q.query(
      `ALTER TABLE businesses ALTER COLUMN owner_user_id TYPE text USING owner_user_id::text`,
    );
    await q.query(`CREATE INDEX businesses_owner_user_id_idx ON businesses (owner_user_id)`);
    await q.query(`DROP TABLE IF EXISTS outbox`);
    await q.query(`DROP TABLE IF EXISTS refresh_tokens`);
    await q.query(`DROP TABLE IF EXISTS email_verification_tokens`);
    await q.query(`DROP TABLE IF EXISTS users`);
  }
}
