import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reports' per-client checks (a first visit before the period, a booking again within N days)
 * probe a business's appointments by client and start; with the status and creation time in the
 * index they are answered from it alone (index-only scans), not from one heap page per client.
 * Replaces the index of the same key without them.
 */
export class ReportsCoveringIndex1768680000000 implements MigrationInterface {
  name = 'ReportsCoveringIndex1768680000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX appointments_reports_client_idx
        ON appointments (business_id, customer_id, starts_at) INCLUDE (status, created_at)`);
    await q.query(`DROP INDEX appointments_business_customer_starts_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX appointments_business_customer_starts_idx
        ON appointments (business_id, customer_id, starts_at)`);
    await q.query(`DROP INDEX appointments_reports_client_idx`);
  }
}
