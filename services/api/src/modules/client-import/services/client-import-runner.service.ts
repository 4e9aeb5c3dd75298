import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { CustomerService, type ImportedClient } from '../../customer/index.js';
import { LEASE_UNTIL } from './import-lease.js';

/** Clients written per statement; progress is reported after each. */
export const IMPORT_CHUNK = 500;

/**
 * Runs one stored import: claims it (queued → running, so a job added twice runs once), then
 * writes every client in one transaction, chunk by chunk. Progress goes to the row on a separate
 * connection (the owner's progress bar reads it while the transaction is open); the counts and
 * 'done' commit with the clients. Any failure rolls every client back and marks the import
 * 'failed' with the reason: nothing half-imported.
 *
 * While it runs the import holds a lease (CLIENT_IMPORT_LEASE_MS), renewed every third of it on
 * the progress connection; a worker that dies stops renewing and the import is marked failed once
 * the lease passes (import-lease.ts). An import found failed that way (the worker was alive but
 * stalled past its lease) does not commit: 'done' is written only while it is still 'running'.
 */
@Injectable()
export class ClientImportRunner {
  private readonly logger = new Logger('ClientImport');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(importId: number): Promise<void> {
    const [claimed] = (await this.dataSource.query(
      `UPDATE client_imports SET status = 'running', lease_until = ${LEASE_UNTIL}, updated_at = now()
        WHERE id = $1 AND status = 'queued'
        RETURNING business_id, rows`,
      [importId, this.config.CLIENT_IMPORT_LEASE_MS],
    )) as [{ business_id: number; rows: ImportedClient[] }[], number];
    const row = claimed[0];
    if (!row) return;
    // A transaction of its own connection, not dataSource.transaction: the progress below goes
    // through a second connection on purpose (one import runs at a time, so two connections).
    const runner = this.dataSource.createQueryRunner();
    const lease = this.config.CLIENT_IMPORT_LEASE_MS;
    const renew = (processed: number | null) =>
      this.dataSource.query(
        `UPDATE client_imports SET lease_until = ${LEASE_UNTIL},
                processed = coalesce($3, processed), updated_at = now()
          WHERE id = $1 AND status = 'running'`,
        [importId, lease, processed],
      );
    const heartbeat = setInterval(
      () => {
        renew(null).catch((error: Error) =>
          this.logger.warn(`Import ${importId}: lease not renewed: ${error.message}`),
        );
      },
      Math.floor(lease / 3),
    );
    try {
      await runner.connect();
      await runner.startTransaction();
      const em = runner.manager;
      let created = 0;
      let merged = 0;
      for (let at = 0; at < row.rows.length; at += IMPORT_CHUNK) {
        const chunk = row.rows.slice(at, at + IMPORT_CHUNK);
        const written = await this.customers.importClients(em, row.business_id, chunk);
        created += written.created;
        merged += written.merged;
        await renew(at + chunk.length);
      }
      clearInterval(heartbeat);
      const [, done] = (await em.query(
        `UPDATE client_imports SET status = 'done', processed = total, created = $2, merged = $3,
                rows = '[]', lease_until = NULL, updated_at = now()
          WHERE id = $1 AND status = 'running'`,
        [importId, created, merged],
      )) as [unknown, number];
      if (done !== 1) throw new Error('its lease ran out before it finished');
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      this.logger.warn(`Import ${importId} failed, nothing imported: ${(error as Error).message}`);
      await this.dataSource.query(
        `UPDATE client_imports SET status = 'failed', processed = 0, lease_until = NULL,
                updated_at = now(), error = 'The import stopped and nothing was imported: ' || $2
          WHERE id = $1 AND status = 'running'`,
        [importId, (error as Error).message.slice(0, 500)],
      );
    } finally {
      clearInterval(heartbeat);
      await runner.release();
    }
  }
}
