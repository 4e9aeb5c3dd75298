import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CustomerService, type ImportedClient } from '../../customer/index.js';

/** Clients written per statement; progress is reported after each. */
export const IMPORT_CHUNK = 500;

/**
 * Runs one stored import: claims it (queued → running, so a job added twice runs once), then
 * writes every client in one transaction, chunk by chunk. Progress goes to the row on a separate
 * connection (the owner's progress bar reads it while the transaction is open); the counts and
 * 'done' commit with the clients. Any failure rolls every client back and marks the import
 * 'failed' with the reason: nothing half-imported.
 */
@Injectable()
export class ClientImportRunner {
  private readonly logger = new Logger('ClientImport');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerService,
  ) {}

  async run(importId: number): Promise<void> {
    const [claimed] = (await this.dataSource.query(
      `UPDATE client_imports SET status = 'running', updated_at = now()
        WHERE id = $1 AND status = 'queued'
        RETURNING business_id, rows`,
      [importId],
    )) as [{ business_id: number; rows: ImportedClient[] }[], number];
    const row = claimed[0];
    if (!row) return;
    // A transaction of its own connection, not dataSource.transaction: the progress below goes
    // through a second connection on purpose (one import runs at a time, so two connections).
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const em = runner.manager;
      let created = 0;
      let merged = 0;
      for (let at = 0; at < row.rows.length; at += IMPORT_CHUNK) {
        const chunk = row.rows.slice(at, at + IMPORT_CHUNK);
        const written = await this.customers.importClients(em, row.business_id, chunk);
        created += written.created;
        merged += written.merged;
        await this.dataSource.query(
          `UPDATE client_imports SET processed = $2, updated_at = now() WHERE id = $1`,
          [importId, at + chunk.length],
        );
      }
      await em.query(
        `UPDATE client_imports SET status = 'done', processed = total, created = $2, merged = $3,
                rows = '[]', updated_at = now()
          WHERE id = $1`,
        [importId, created, merged],
      );
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      this.logger.warn(`Import ${importId} failed, nothing imported: ${(error as Error).message}`);
      await this.dataSource.query(
        `UPDATE client_imports SET status = 'failed', processed = 0, updated_at = now(),
                error = 'The import stopped and nothing was imported: ' || $2
          WHERE id = $1`,
        [importId, (error as Error).message.slice(0, 500)],
      );
    } finally {
      await runner.release();
    }
  }
}
