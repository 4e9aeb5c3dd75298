import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who changed what (issue 25): one row per change of a booking, the hours, a service or a staff
 * member, written in the change's own transaction. The id doubles as the live diary's event id
 * (Last-Event-ID catch-up reads rows after it). The actor is a kind, a user id (members later)
 * and the name shown, kept as it was when the change was made.
 */
export class ActivityLog1768630000000 implements MigrationInterface {
  name = 'ActivityLog1768630000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE activity_log (
        id bigserial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        subject text NOT NULL
          CHECK (subject IN ('appointment', 'hours', 'service', 'staff', 'member')),
        subject_id integer,
        action text NOT NULL,
        summary text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        actor_kind text NOT NULL CHECK (actor_kind IN ('customer', 'user', 'system')),
        actor_user_id uuid,
        actor_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX activity_log_business_id ON activity_log (business_id, id DESC)`);
    await q.query(`
      CREATE INDEX activity_log_appointment ON activity_log (subject_id, id)
        WHERE subject = 'appointment'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE activity_log`);
  }
}
