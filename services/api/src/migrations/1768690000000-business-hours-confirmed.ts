import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `hours_confirmed_at`: when the owner last saved or kept the business's weekly hours. A new
 * business starts with a default week nobody chose, so it is not published until this is set.
 * Existing businesses count as confirmed, so nothing already listed disappears.
 */
export class BusinessHoursConfirmed1768690000000 implements MigrationInterface {
  name = 'BusinessHoursConfirmed1768690000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE businesses ADD COLUMN hours_confirmed_at timestamptz`);
    await q.query(`UPDATE businesses SET hours_confirmed_at = now()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE businesses DROP COLUMN hours_confirmed_at`);
  }
}
