import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Availability of a real shop: several opening intervals a day (breaks), staff members' own weekly
 * hours (rows of `availabilities` with a staff_id), closures, special hours for one date, staff time
 * off, service buffers, each business's booking window and state, and appointments' blocked ranges
 * (the booking with its buffers), which the no-overlap constraint now covers.
 */
export class RealShopAvailability1767830400000 implements MigrationInterface {
  name = 'RealShopAvailability1767830400000';

  async up(q: QueryRunner): Promise<void> {
    // Weekly hours: one pair of times becomes a list of intervals; staff rows beside the business's.
    await q.query(`ALTER TABLE availabilities ADD COLUMN intervals jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`
      UPDATE availabilities
         SET intervals = jsonb_build_array(jsonb_build_object(
               'openTime', to_char(open_time, 'HH24:MI'),
               'closeTime', to_char(close_time, 'HH24:MI')))
       WHERE close_time > open_time`);
    await q.query(`ALTER TABLE availabilities DROP CONSTRAINT availabilities_hours_order`);
    await q.query(`ALTER TABLE availabilities DROP COLUMN open_time, DROP COLUMN close_time`);
    await q.query(`ALTER TABLE availabilities ADD COLUMN staff_id integer`);
    await q.query(`
      ALTER TABLE availabilities
        ADD CONSTRAINT availabilities_staff_fk FOREIGN KEY (staff_id, business_id)
          REFERENCES staff_members (id, business_id) ON DELETE CASCADE`);
    await q.query(`ALTER TABLE availabilities DROP CONSTRAINT availabilities_business_day_key`);
    // NULLS NOT DISTINCT: one business row per weekday as before, and one per staff member.
    await q.query(`
      ALTER TABLE availabilities ADD CONSTRAINT availabilities_business_staff_day_key
        UNIQUE NULLS NOT DISTINCT (business_id, staff_id, day_of_week)`);
    await q.query(
      `ALTER TABLE availabilities ADD CONSTRAINT availabilities_intervals_array CHECK (jsonb_typeof(intervals) = 'array')`,
    );

    await q.query(`
      CREATE TABLE business_closures (
        id           serial PRIMARY KEY,
        business_id  integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        from_date    date NOT NULL,
        to_date      date NOT NULL,
        reason       varchar(120),
        created_at   timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT business_closures_order CHECK (to_date >= from_date)
      )`);
    await q.query(
      `CREATE INDEX business_closures_business_to_idx ON business_closures (business_id, to_date)`,
    );
    await q.query(`
      CREATE TABLE business_special_hours (
        id           serial PRIMARY KEY,
        business_id  integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        date         date NOT NULL,
        intervals    jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(intervals) = 'array'),
        reason       varchar(120),
        created_at   timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT business_special_hours_date_key UNIQUE (business_id, date)
      )`);
    await q.query(`
      CREATE TABLE staff_time_off (
        id           serial PRIMARY KEY,
        business_id  integer NOT NULL,
        staff_id     integer NOT NULL,
        starts_at    timestamptz NOT NULL,
        ends_at      timestamptz NOT NULL,
        reason       varchar(120),
        created_at   timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT staff_time_off_order CHECK (ends_at > starts_at),
        CONSTRAINT staff_time_off_staff_fk FOREIGN KEY (staff_id, business_id)
          REFERENCES staff_members (id, business_id) ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX staff_time_off_staff_end_idx ON staff_time_off (staff_id, ends_at)`,
    );

    await q.query(`
      ALTER TABLE services
        ADD COLUMN buffer_before_minutes integer NOT NULL DEFAULT 0
          CONSTRAINT services_buffer_before_range CHECK (buffer_before_minutes BETWEEN 0 AND 120),
        ADD COLUMN buffer_after_minutes integer NOT NULL DEFAULT 0
          CONSTRAINT services_buffer_after_range CHECK (buffer_after_minutes BETWEEN 0 AND 120)`);

    await q.query(`
      ALTER TABLE businesses
        ADD COLUMN region varchar(3) NOT NULL DEFAULT 'NSW',
        ADD COLUMN min_notice_minutes integer NOT NULL DEFAULT 60
          CONSTRAINT businesses_min_notice_range CHECK (min_notice_minutes >= 0),
        ADD COLUMN max_advance_days integer NOT NULL DEFAULT 180
          CONSTRAINT businesses_max_advance_range CHECK (max_advance_days >= 1),
        ADD COLUMN cancel_cutoff_minutes integer NOT NULL DEFAULT 0
          CONSTRAINT businesses_cancel_cutoff_range CHECK (cancel_cutoff_minutes >= 0)`);

    // What a booking blocks its resource for: the service and its buffers. Written by the API (a
    // generated column cannot subtract an interval: timestamptz arithmetic is not immutable).
    await q.query(
      `ALTER TABLE appointments ADD COLUMN blocked_from timestamptz, ADD COLUMN blocked_until timestamptz`,
    );
    await q.query(`UPDATE appointments SET blocked_from = starts_at, blocked_until = ends_at`);
    await q.query(`
      ALTER TABLE appointments
        ALTER COLUMN blocked_from SET NOT NULL,
        ALTER COLUMN blocked_until SET NOT NULL,
        ADD CONSTRAINT appointments_blocked_covers
          CHECK (blocked_from <= starts_at AND blocked_until >= ends_at)`);
    await q.query(`ALTER TABLE appointments DROP CONSTRAINT appointments_no_overlap`);
    // No double booking, buffers included: no two non-cancelled blocked ranges of one resource meet.
    await q.query(`
      ALTER TABLE appointments ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
        resource_key WITH =,
        tstzrange(blocked_from, blocked_until, '[)') WITH &&
      ) WHERE (status <> 'cancelled')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appointments DROP CONSTRAINT appointments_no_overlap`);
    await q.query(`
      ALTER TABLE appointments ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
        resource_key WITH =,
        tstzrange(starts_at, ends_at, '[)') WITH &&
      ) WHERE (status <> 'cancelled')`);
    await q.query(`ALTER TABLE appointments DROP CONSTRAINT appointments_blocked_covers`);
    await q.query(`ALTER TABLE appointments DROP COLUMN blocked_from, DROP COLUMN blocked_until`);
    await q.query(`
      ALTER TABLE businesses DROP COLUMN region, DROP COLUMN min_notice_minutes,
        DROP COLUMN max_advance_days, DROP COLUMN cancel_cutoff_minutes`);
    await q.query(
      `ALTER TABLE services DROP COLUMN buffer_before_minutes, DROP COLUMN buffer_after_minutes`,
    );
    await q.query(`DROP TABLE staff_time_off`);
    await q.query(`DROP TABLE business_special_hours`);
    await q.query(`DROP TABLE business_closures`);
    await q.query(`DELETE FROM availabilities WHERE staff_id IS NOT NULL`);
    await q.query(
      `ALTER TABLE availabilities DROP CONSTRAINT availabilities_business_staff_day_key`,
    );
    await q.query(`ALTER TABLE availabilities DROP CONSTRAINT availabilities_staff_fk`);
    await q.query(`ALTER TABLE availabilities DROP CONSTRAINT availabilities_intervals_array`);
    await q.query(`ALTER TABLE availabilities DROP COLUMN staff_id`);
    await q.query(`
      ALTER TABLE availabilities
        ADD COLUMN open_time time NOT NULL DEFAULT '09:00',
        ADD COLUMN close_time time NOT NULL DEFAULT '17:00'`);
    // The first interval survives; breaks and a 24:00 close cannot be written in the old shape.
    await q.query(`
      UPDATE availabilities
         SET open_time = (intervals->0->>'openTime')::time,
             close_time = LEAST((intervals->0->>'closeTime'), '23:59')::time
       WHERE jsonb_array_length(intervals) > 0`);
    await q.query(`ALTER TABLE availabilities DROP COLUMN intervals`);
    await q.query(`
      ALTER TABLE availabilities
        ADD CONSTRAINT availabilities_business_day_key UNIQUE (business_id, day_of_week),
        ADD CONSTRAINT availabilities_hours_order CHECK (NOT is_open OR close_time > open_time)`);
  }
}
