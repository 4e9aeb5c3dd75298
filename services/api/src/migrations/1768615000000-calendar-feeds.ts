import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calendar feeds (decision record 021): one secret feed per business and per staff member, with
 * its last built copy. Changes reach the rebuilder through `calendar_feed_changes`, a row per
 * changed booking written by trigger in the change's own transaction (an insert, so concurrent
 * bookings never wait on each other, and nothing is missed if the rebuilder is down). Each
 * booking's iCalendar SEQUENCE is raised by trigger whenever its time or staff member changes.
 */
export class CalendarFeeds1768615000000 implements MigrationInterface {
  name = 'CalendarFeeds1768615000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendar_feeds (
        id          serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        staff_id    integer REFERENCES staff_members (id) ON DELETE CASCADE,
        token       varchar(64) NOT NULL UNIQUE,
        ics         text,
        etag        varchar(80),
        built_at    timestamptz,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX calendar_feeds_owner_idx ON calendar_feeds (business_id, coalesce(staff_id, 0))`);
    await q.query(`
      CREATE TABLE calendar_feed_changes (
        id          bigserial PRIMARY KEY,
        business_id integer NOT NULL
      )`);
    await q.query(`ALTER TABLE appointments ADD COLUMN ical_sequence integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE FUNCTION appointments_ical_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.ends_at IS DISTINCT FROM OLD.ends_at
           OR NEW.staff_id IS DISTINCT FROM OLD.staff_id THEN
          NEW.ical_sequence := OLD.ical_sequence + 1;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER appointments_ical_sequence BEFORE UPDATE ON appointments
        FOR EACH ROW EXECUTE FUNCTION appointments_ical_sequence()`);
    await q.query(`
      CREATE FUNCTION calendar_feed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed integer;
      BEGIN
        -- Each branch reads only fields its table and operation have.
        IF TG_TABLE_NAME = 'businesses' THEN
          changed := NEW.id;
        ELSIF TG_OP = 'DELETE' THEN
          changed := OLD.business_id;
        ELSE
          changed := NEW.business_id;
        END IF;
        -- Only businesses with a feed: the others have nothing to rebuild.
        IF EXISTS (SELECT 1 FROM calendar_feeds WHERE business_id = changed) THEN
          INSERT INTO calendar_feed_changes (business_id) VALUES (changed);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER appointments_calendar_feed AFTER INSERT OR UPDATE OR DELETE ON appointments
        FOR EACH ROW EXECUTE FUNCTION calendar_feed_changed()`);
    // What an event shows of the business and its staff: name, address, zone; a person's name.
    await q.query(`
      CREATE TRIGGER businesses_calendar_feed AFTER UPDATE OF name, address, time_zone ON businesses
        FOR EACH ROW EXECUTE FUNCTION calendar_feed_changed()`);
    await q.query(`
      CREATE TRIGGER staff_members_calendar_feed AFTER UPDATE OF first_name, last_name ON staff_members
        FOR EACH ROW EXECUTE FUNCTION calendar_feed_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS staff_members_calendar_feed ON staff_members`);
    await q.query(`DROP TRIGGER IF EXISTS businesses_calendar_feed ON businesses`);
    await q.query(`DROP TRIGGER IF EXISTS appointments_calendar_feed ON appointments`);
    await q.query(`DROP FUNCTION IF EXISTS calendar_feed_changed()`);
    await q.query(`DROP TRIGGER IF EXISTS appointments_ical_sequence ON appointments`);
    await q.query(`DROP FUNCTION IF EXISTS appointments_ical_sequence()`);
    await q.query(`ALTER TABLE appointments DROP COLUMN ical_sequence`);
    await q.query(`DROP TABLE IF EXISTS calendar_feed_changes`);
    await q.query(`DROP TABLE IF EXISTS calendar_feeds`);
  }
}
