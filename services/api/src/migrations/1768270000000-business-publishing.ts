import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publishing: the owner's switch that hides a business from the public, and the booking links a
 * business had before, which keep leading to it (and stay reserved for it).
 */
export class BusinessPublishing1768270000000 implements MigrationInterface {
  name = 'BusinessPublishing1768270000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE businesses ADD COLUMN publishing_enabled boolean NOT NULL DEFAULT true`,
    );
    await q.query(`
      CREATE TABLE business_slug_history (
        slug        varchar(60) PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        replaced_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT business_slug_history_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
      )`);
    await q.query(
      `CREATE INDEX business_slug_history_business_id_idx ON business_slug_history (business_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS business_slug_history`);
    await q.query(`ALTER TABLE businesses DROP COLUMN IF EXISTS publishing_enabled`);
  }
}
