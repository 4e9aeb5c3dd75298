import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The slot interval (minutes between the start times offered) becomes one business setting,
 * independent of the services' durations (decision 37). A business takes the step its open days
 * used when that step is still a choice (the shortest one, so no start time it offered is lost),
 * else 30. The per-day `slot_duration` stays for older clients but no longer steps the slots.
 */
export class BusinessSlotInterval1768510000000 implements MigrationInterface {
  name = 'BusinessSlotInterval1768510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE businesses ADD COLUMN slot_interval integer NOT NULL DEFAULT 30
        CONSTRAINT businesses_slot_interval_check CHECK (slot_interval IN (5, 10, 15, 20, 30, 60))`);
    await q.query(`
      UPDATE businesses b SET slot_interval = d.step
        FROM (SELECT business_id, min(slot_duration) AS step FROM availabilities
               WHERE staff_id IS NULL AND is_open GROUP BY business_id) d
       WHERE d.business_id = b.id AND d.step IN (5, 10, 15, 20, 30, 60)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE businesses DROP COLUMN slot_interval`);
  }
}
