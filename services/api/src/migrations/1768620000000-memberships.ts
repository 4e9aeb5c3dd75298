import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 40 / 015: people belong to businesses through memberships with one role each; every
 * business's owner so far becomes its owner membership. `businesses.owner_user_id` stays as the
 * account the business was created for (first sign-in stays idempotent); access is the
 * memberships' alone. Invitations are single-use links (only their sha256 is kept).
 */
export class Memberships1768620000000 implements MigrationInterface {
  name = 'Memberships1768620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE memberships (
        id serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(10) NOT NULL CHECK (role IN ('owner', 'manager', 'staff')),
        staff_member_id integer REFERENCES staff_members(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, user_id)
      )`);
    // One owner per business; one account per staff record.
    await q.query(
      `CREATE UNIQUE INDEX memberships_one_owner ON memberships (business_id) WHERE role = 'owner'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX memberships_staff_member ON memberships (staff_member_id)
        WHERE staff_member_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX memberships_user ON memberships (user_id)`);
    await q.query(
      `ALTER TABLE businesses ADD COLUMN staff_see_whole_diary boolean NOT NULL DEFAULT false`,
    );
    await q.query(`
      INSERT INTO memberships (business_id, user_id, role, created_at)
      SELECT id, owner_user_id, 'owner', created_at FROM businesses WHERE owner_user_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE invitations (
        id serial PRIMARY KEY,
        business_id integer NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        email varchar(254) NOT NULL CHECK (email = lower(email)),
        role varchar(10) NOT NULL CHECK (role IN ('manager', 'staff')),
        staff_member_id integer REFERENCES staff_members(id) ON DELETE SET NULL,
        token_hash char(64) NOT NULL UNIQUE,
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX invitations_business ON invitations (business_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE invitations`);
    await q.query(`DROP TABLE memberships`);
    await q.query(`ALTER TABLE businesses DROP COLUMN staff_see_whole_diary`);
  }
}
