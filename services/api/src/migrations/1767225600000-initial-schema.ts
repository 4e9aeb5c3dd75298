import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public booking flow's schema. Written by hand (no `synchronize`) so that the constraints the
 * product relies on live in the database: lowercase unique slugs, one hours row per weekday, and
 * the exclusion constraint that makes double booking impossible.
 */
export class InitialSchema1767225600000 implements MigrationInterface {
  name = 'InitialSchema1767225600000';

  async up(q: QueryRunner): Promise<void> {
    // Needed for `resource_key WITH =` inside a GiST exclusion constraint.
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);

    await q.query(`
      CREATE TABLE businesses (
        id                serial PRIMARY KEY,
        name              varchar(120) NOT NULL,
        slug              varchar(60)  NOT NULL,
        description       text,
        address           text,
        phone             varchar(30),
        email             varchar(254),
        website           text,
        logo              text,
        time_zone         text NOT NULL DEFAULT 'Australia/Sydney',
        subscription_plan varchar(20) NOT NULL DEFAULT 'free',
        owner_user_id     text,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT businesses_slug_key UNIQUE (slug),
        CONSTRAINT businesses_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        CONSTRAINT businesses_subscription_plan_check
          CHECK (subscription_plan IN ('free', 'professional'))
      )`);
    await q.query(`CREATE INDEX businesses_owner_user_id_idx ON businesses (owner_user_id)`);

    await q.query(`
      CREATE TABLE services (
        id               serial PRIMARY KEY,
        business_id      integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        name             varchar(120) NOT NULL,
        description      text,
        price_cents      integer NOT NULL CHECK (price_cents >= 0),
        duration_minutes integer NOT NULL CHECK (duration_minutes > 0 AND duration_minutes <= 1440),
        is_active        boolean NOT NULL DEFAULT true,
        created_at       timestamptz NOT NULL DEFAULT now(),
        updated_at       timestamptz NOT NULL DEFAULT now(),
        -- Lets appointments reference (service, business) together: a booking can never pair a
        -- business with another business's service.
        CONSTRAINT services_id_business_key UNIQUE (id, business_id)
      )`);
    await q.query(`CREATE INDEX services_business_id_idx ON services (business_id)`);

    await q.query(`
      CREATE TABLE staff_members (
        id          serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        first_name  varchar(60) NOT NULL,
        last_name   varchar(60) NOT NULL DEFAULT '',
        position    varchar(120),
        email       varchar(254),
        phone       varchar(30),
        bio         text,
        avatar      text,
        is_active   boolean NOT NULL DEFAULT true,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT staff_members_id_business_key UNIQUE (id, business_id)
      )`);
    await q.query(`CREATE INDEX staff_members_business_id_idx ON staff_members (business_id)`);

    await q.query(`
      CREATE TABLE staff_services (
        staff_id   integer NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
        service_id integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
        PRIMARY KEY (staff_id, service_id)
      )`);
    await q.query(`CREATE INDEX staff_services_service_id_idx ON staff_services (service_id)`);

    await q.query(`
      CREATE TABLE availabilities (
        id            serial PRIMARY KEY,
        business_id   integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        day_of_week   smallint NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
        is_open       boolean NOT NULL DEFAULT false,
        open_time     time NOT NULL DEFAULT '09:00',
        close_time    time NOT NULL DEFAULT '17:00',
        slot_duration integer NOT NULL DEFAULT 30 CHECK (slot_duration > 0 AND slot_duration <= 1440),
        CONSTRAINT availabilities_business_day_key UNIQUE (business_id, day_of_week),
        CONSTRAINT availabilities_hours_order CHECK (NOT is_open OR close_time > open_time)
      )`);

    await q.query(`
      CREATE TABLE customers (
        id           serial PRIMARY KEY,
        business_id  integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        first_name   varchar(60) NOT NULL,
        last_name    varchar(60) NOT NULL DEFAULT '',
        email        varchar(254),
        phone        varchar(30) NOT NULL,
        notify_email boolean NOT NULL DEFAULT false,
        notify_sms   boolean NOT NULL DEFAULT true,
        created_at   timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX customers_business_phone_idx ON customers (business_id, phone)`);

    await q.query(`
      CREATE TABLE appointments (
        id           serial PRIMARY KEY,
        business_id  integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
        service_id   integer NOT NULL,
        staff_id     integer,
        customer_id  integer NOT NULL REFERENCES customers (id),
        status       varchar(20) NOT NULL DEFAULT 'confirmed',
        starts_at    timestamptz NOT NULL,
        ends_at      timestamptz NOT NULL,
        notes        text,
        -- The booked resource: a staff member, or the business itself when it has no staff for
        -- the service. Generated, so no code path can get it wrong.
        resource_key text GENERATED ALWAYS AS (
          CASE WHEN staff_id IS NULL THEN 'business:' || business_id::text
               ELSE 'staff:' || staff_id::text END
        ) STORED,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT appointments_status_check
          CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled')),
        CONSTRAINT appointments_time_order CHECK (ends_at > starts_at),
        CONSTRAINT appointments_service_fk FOREIGN KEY (service_id, business_id)
          REFERENCES services (id, business_id),
        CONSTRAINT appointments_staff_fk FOREIGN KEY (staff_id, business_id)
          REFERENCES staff_members (id, business_id),
        -- No double booking: no two non-cancelled appointments of one resource may overlap.
        CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
          resource_key WITH =,
          tstzrange(starts_at, ends_at, '[)') WITH &&
        ) WHERE (status <> 'cancelled')
      )`);
    await q.query(
      `CREATE INDEX appointments_business_starts_at_idx ON appointments (business_id, starts_at)`,
    );
    await q.query(
      `CREATE INDEX appointments_staff_starts_at_idx ON appointments (staff_id, starts_at)`,
    );
    await q.query(`CREATE INDEX appointments_customer_id_idx ON appointments (customer_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS appointments`);
    await q.query(`DROP TABLE IF EXISTS customers`);
    await q.query(`DROP TABLE IF EXISTS availabilities`);
    await q.query(`DROP TABLE IF EXISTS staff_services`);
    await q.query(`DROP TABLE IF EXISTS staff_members`);
    await q.query(`DROP TABLE IF EXISTS services`);
    await q.query(`DROP TABLE IF EXISTS businesses`);
    // btree_gist is left installed: other objects in the database may use it.
  }
}
