import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files an email carries (a booking's calendar invite): `[{ filename, contentType, content }]`,
 * written with the message so the worker sends exactly what the booking produced.
 */
export class OutboxAttachments1768360000000 implements MigrationInterface {
  name = 'OutboxAttachments1768360000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN attachments jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN IF EXISTS attachments`);
  }
}
