import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Owners' password reset links: only the sha256 of each random token is kept; a link works once
 * and for one hour, and a reset spends every other link of the account.
 */
export class PasswordResetTokens1768176000000 implements MigrationInterface {
  name = 'PasswordResetTokens1768176000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE password_reset_tokens (
        id          serial PRIMARY KEY,
        user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash  char(64) NOT NULL,
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT password_reset_tokens_hash_key UNIQUE (token_hash)
      )`);
    await q.query(
      `CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS password_reset_tokens`);
  }
}
