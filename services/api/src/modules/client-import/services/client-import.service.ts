import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type ClientImportJob,
  type ClientImportRequest,
  type ClientImportResult,
  EmailSchema,
  ErrorCode,
  IMPORT_STOPPED_MESSAGE,
} from '@slotwise/contracts';
import type { DataSource } from 'typeorm';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { CustomerService, type ImportedClient } from '../../customer/index.js';
import { expireImportsSql } from './import-lease.js';
import { identityOf, type ImportRow, readCsv, toImportRow } from './import-rows.js';

interface JobRow {
  id: number;
  status: ClientImportJob['status'];
  total: number;
  processed: number;
  created: number;
  merged: number;
  error: string | null;
}

export const toJob = (row: JobRow): ClientImportJob => ({
  jobId: row.id,
  status: row.status,
  total: row.total,
  processed: row.processed,
  created: row.created,
  merged: row.merged,
  error: row.error,
});

/**
 * The owner's client import: the file read with the mapping, each row checked (phone normalised
 * as Australian) and given its verdict; a dry run stops there. Otherwise the clients to write
 * (repeats of one phone and name merged into one) are stored as an import for the worker's job,
 * which writes them all in one transaction (ClientImportRunner).
 */
@Injectable()
export class ClientImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerService,
  ) {}

  async import(businessId: number, request: ClientImportRequest): Promise<ClientImportResult> {
    const records = readCsv(request.csv, request.mapping);
    // Line 1 is the header.
    const rows = records.map((record, i) => toImportRow(record, i + 2, request.mapping));
    const existing = await this.customers.existingIdentities(
      businessId,
      rows.filter((r) => r.verdict !== 'error').map((r) => r.phone),
    );
    const clients = new Map<string, ImportedClient>();
    for (const row of rows) {
      if (row.verdict === 'error') continue;
      const key = identityOf(row);
      const earlier = clients.get(key);
      if (earlier) {
        row.verdict = 'duplicate';
        earlier.email ??= row.email;
        earlier.notes ??= row.notes;
        continue;
      }
      if (existing.has(key)) row.verdict = 'existing';
      clients.set(key, clientOf(row));
    }
    const counts = { rows: rows.length, create: 0, existing: 0, duplicate: 0, error: 0 };
    for (const row of rows) counts[row.verdict] += 1;
    const answer = rows.map(({ nameKey: _k, notes: _n, ...row }) => row);
    if (request.dryRun) return { dryRun: true, counts, rows: answer, job: null };
    if (clients.size === 0) {
      throw new DomainException(ErrorCode.VALIDATION_FAILED, 'No row of the file can be imported', [
        { path: 'csv', message: 'Every row has a problem' },
      ]);
    }
    const [job] = (await this.dataSource.query(
      `INSERT INTO client_imports (business_id, rows, total) VALUES ($1, $2::jsonb, $3)
       RETURNING id, status, total, processed, created, merged, error`,
      [businessId, JSON.stringify([...clients.values()]), clients.size],
    )) as JobRow[];
    return { dryRun: false, counts, rows: answer, job: toJob(job!) };
  }

  /** The import's progress; one whose worker died (its lease passed) is failed first. */
  async job(businessId: number, jobId: number): Promise<ClientImportJob> {
    await this.dataSource.query(expireImportsSql('id = $2 AND business_id = $3'), [
      IMPORT_STOPPED_MESSAGE,
      jobId,
      businessId,
    ]);
    const [row] = (await this.dataSource.query(
      `SELECT id, status, total, processed, created, merged, error FROM client_imports
        WHERE id = $1 AND business_id = $2`,
      [jobId, businessId],
    )) as JobRow[];
    if (!row) throw new DomainException(ErrorCode.NOT_FOUND, 'No such import');
    return toJob(row);
  }
}

function clientOf(row: ImportRow): ImportedClient {
  const email = row.email ? EmailSchema.parse(row.email) : null;
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    nameKey: row.nameKey,
    phone: row.phone,
    email,
    notes: row.notes,
  };
}
