import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every API process also caches its public answers of available times and days (core/cache).
 * Besides the tables BusinessChangeNotifications already watches, an answer depends on the day's
 * exceptions and bookings: these triggers tell every process when they change, in the writing
 * transaction (a notification is sent only if it commits, whatever wrote it: a route, the booking
 * statement, a script, psql). The payload `availability:<business id>` drops only that business's
 * cached answers, not its rows (bookings are frequent; the business rarely changes).
 */
const CHANNEL = 'slotwise_business_changed';

/**
 * The tables whose every change can move a free time. Their reasons and timestamps do not, but
 * those are rarely written, so every change notifies.
 */
export const AVAILABILITY_TABLES_ALL_COLUMNS = [
  'business_closures',
  'business_special_hours',
  'staff_time_off',
];

/**
 * `appointments`, written on every booking: only a change of what the slot reads can move a free
 * time (its business, resource, blocked range, start and whether it is cancelled); a note, a price
 * or a reminder's state cannot. Every other column is listed in `ignored` (test/availability-
 * versions.int.test.ts fails on a column in neither list, and on an ignored one the reads use).
 */
export const APPOINTMENT_COLUMNS = {
  notified: [
    'id',
    'business_id',
    'staff_id',
    'resource_key',
    'status',
    'starts_at',
    'ends_at',
    'blocked_from',
    'blocked_until',
  ],
  ignored: [
    'service_id',
    'customer_id',
    'notes',
    'price_cents',
    'created_at',
    'updated_at',
    // ClientIdentity1768520000000: who the booking was made as.
    'customer_first_name',
    'customer_last_name',
    'customer_email',
    'customer_phone',
    // SmsConfirmation1768610000000 and CalendarFeeds1768615000000: no bearing on availability.
    'customer_confirmed_at',
    'ical_sequence',
    // Reports1768660000000: who made it and when it was cancelled (the status says whether).
    'booked_via',
    'cancelled_at',
  ],
};

export class AvailabilityChangeNotifications1768490000000 implements MigrationInterface {
  name = 'AvailabilityChangeNotifications1768490000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_availability_changed() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'DELETE' THEN
          PERFORM pg_notify('${CHANNEL}', 'availability:' || NEW.business_id);
        END IF;
        IF TG_OP <> 'INSERT' THEN
          PERFORM pg_notify('${CHANNEL}', 'availability:' || OLD.business_id);
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of AVAILABILITY_TABLES_ALL_COLUMNS) {
      await q.query(`
        CREATE TRIGGER ${table}_notify_availability_changed
          AFTER INSERT OR UPDATE OR DELETE ON ${table}
          FOR EACH ROW EXECUTE FUNCTION notify_availability_changed()`);
    }
    await q.query(`
      CREATE TRIGGER appointments_notify_availability_changed
        AFTER INSERT OR DELETE OR UPDATE OF ${APPOINTMENT_COLUMNS.notified.join(', ')}
        ON appointments
        FOR EACH ROW EXECUTE FUNCTION notify_availability_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [...AVAILABILITY_TABLES_ALL_COLUMNS, 'appointments']) {
      await q.query(`DROP TRIGGER IF EXISTS ${table}_notify_availability_changed ON ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS notify_availability_changed()`);
  }
}
