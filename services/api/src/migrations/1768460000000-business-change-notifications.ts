import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every API process caches a business's row, services, staff with their service links and weekly
 * hours (core/cache). These triggers tell every process when any of them changes, whatever wrote
 * it (a route, the webhook, a script, psql): `pg_notify('slotwise_business_changed', business id)`,
 * delivered to the listeners after the transaction commits (and folded to one per business and
 * transaction, however many rows changed).
 */
const CHANNEL = 'slotwise_business_changed';

/** Tables with a `business_id` column, and `businesses` itself (its `id`). */
const BY_COLUMN: [table: string, column: string][] = [
  ['businesses', 'id'],
  ['business_slug_history', 'business_id'],
  ['services', 'business_id'],
  ['staff_members', 'business_id'],
  ['availabilities', 'business_id'],
];

export class BusinessChangeNotifications1768460000000 implements MigrationInterface {
  name = 'BusinessChangeNotifications1768460000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, column] of BY_COLUMN) {
      await q.query(`
        CREATE FUNCTION notify_business_changed_${table}() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'DELETE' THEN
            PERFORM pg_notify('${CHANNEL}', NEW.${column}::text);
          END IF;
          IF TG_OP <> 'INSERT' THEN
            PERFORM pg_notify('${CHANNEL}', OLD.${column}::text);
          END IF;
          RETURN NULL;
        END $$`);
      await q.query(`
        CREATE TRIGGER ${table}_notify_business_changed
          AFTER INSERT OR UPDATE OR DELETE ON ${table}
          FOR EACH ROW EXECUTE FUNCTION notify_business_changed_${table}()`);
    }
    // staff_services has no business_id: the staff member's business, else the service's (a row
    // deleted with its staff member, whose own trigger has already said so), else everyone.
    await q.query(`
      CREATE FUNCTION notify_business_changed_staff_services() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        link record;
        business integer;
      BEGIN
        FOR link IN SELECT NEW.staff_id, NEW.service_id WHERE TG_OP <> 'DELETE'
                    UNION ALL SELECT OLD.staff_id, OLD.service_id WHERE TG_OP <> 'INSERT' LOOP
          SELECT business_id INTO business FROM staff_members WHERE id = link.staff_id;
          IF business IS NULL THEN
            SELECT business_id INTO business FROM services WHERE id = link.service_id;
          END IF;
          PERFORM pg_notify('${CHANNEL}', COALESCE(business::text, '*'));
        END LOOP;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER staff_services_notify_business_changed
        AFTER INSERT OR UPDATE OR DELETE ON staff_services
        FOR EACH ROW EXECUTE FUNCTION notify_business_changed_staff_services()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [...BY_COLUMN.map(([t]) => t), 'staff_services']) {
      await q.query(`DROP TRIGGER IF EXISTS ${table}_notify_business_changed ON ${table}`);
      await q.query(`DROP FUNCTION IF EXISTS notify_business_changed_${table}()`);
    }
  }
}
