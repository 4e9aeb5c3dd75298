import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `staff_requests` (issue 25): a staff member's proposed weekly hours or time off, pending until an
 * owner or manager approves (the change is then saved as a direct edit would be) or declines it.
 */
export class StaffRequests1768710000000 implements MigrationInterface {
  name = 'StaffRequests1768710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE staff_requests (
        id serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        staff_id integer NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        kind varchar(10) NOT NULL CHECK (kind IN ('hours', 'time-off')),
        days jsonb,
        starts_at timestamptz,
        ends_at timestamptz,
        note varchar(120),
        status varchar(10) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'approved', 'declined')),
        decided_by_name varchar(254),
        decided_at timestamptz,
        decline_reason varchar(300),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'hours' AND days IS NOT NULL)
            OR (kind = 'time-off' AND starts_at IS NOT NULL AND ends_at > starts_at))
      )`);
    await q.query(
      `CREATE INDEX staff_requests_business ON staff_requests (business_id, status, created_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE staff_requests`);
  }
}
