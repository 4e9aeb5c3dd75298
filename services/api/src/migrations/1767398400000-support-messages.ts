import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Messages sent from the Support page's contact form: stored, then emailed to support. */
export class SupportMessages1767398400000 implements MigrationInterface {
  name = 'SupportMessages1767398400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE support_messages (
        id          serial PRIMARY KEY,
        first_name  varchar(60) NOT NULL,
        last_name   varchar(60) NOT NULL,
        email       varchar(254) NOT NULL,
        subject     varchar(150) NOT NULL,
        message     text NOT NULL,
        -- The sender's IP as the API saw it, for abuse reports; null when unknown.
        client_ip   varchar(45),
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX support_messages_created_at_idx ON support_messages (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS support_messages`);
  }
}
