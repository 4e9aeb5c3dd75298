import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each business changed its booking link, to allow at most 10 changes a day (one owner
 * reserved 151 links in seconds). Rows older than a day are deleted as new ones are written.
 */
export class BusinessSlugChanges1768481000000 implements MigrationInterface {
  name = 'BusinessSlugChanges1768481000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE business_slug_changes (
        business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        changed_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE INDEX business_slug_changes_business_idx
        ON business_slug_changes (business_id, changed_at)`);
    // Which of a business's old links is the oldest (the one released first).
    await q.query(`
      CREATE INDEX business_slug_history_business_idx
        ON business_slug_history (business_id, replaced_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX business_slug_history_business_idx`);
    await q.query(`DROP TABLE business_slug_changes`);
  }
}
