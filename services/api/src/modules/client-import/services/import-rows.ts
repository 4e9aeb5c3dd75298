import { parse } from 'csv-parse/sync';
import {
  type ClientImportMapping,
  type ClientImportRow,
  EmailSchema,
  ErrorCode,
  IMPORT_TOO_LARGE_MESSAGE,
  MAX_IMPORT_ROWS,
} from '@slotwise/contracts';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { clientNameKey, normalisePhone } from '../../customer/index.js';

/** A row as the file gives it, mapped to client fields and checked. */
export interface ImportRow extends ClientImportRow {
  nameKey: string;
  notes: string | null;
}

const NAME_MAX = 60;
const NOTES_MAX = 2000;

/** The file's records by header; 400 for text that is not CSV or lacks a mapped column. */
export function readCsv(csv: string, mapping: ClientImportMapping): Record<string, string>[] {
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as Record<string, string>[];
  } catch (error) {
    throw new ValidationFailedException(
      `The file could not be read as CSV: ${(error as Error).message}`,
      [{ path: 'csv', message: 'Not a CSV file' }],
    );
  }
  if (records.length > MAX_IMPORT_ROWS) {
    throw new DomainException(ErrorCode.PAYLOAD_TOO_LARGE, IMPORT_TOO_LARGE_MESSAGE);
  }
  const headers = new Set(records.length ? Object.keys(records[0]!) : headerRow(csv));
  const missing = Object.entries(mapping).filter(([, column]) => column && !headers.has(column));
  if (missing.length > 0) {
    throw new ValidationFailedException(
      `The file has no column ${missing.map(([, c]) => `'${c}'`).join(', ')} (its columns: ${[...headers].join(', ') || 'none'})`,
      missing.map(([field, column]) => ({
        path: `mapping.${field}`,
        message: `No column '${column}'`,
      })),
    );
  }
  return records;
}

function headerRow(csv: string): string[] {
  const [first] = parse(csv, {
    to_line: 1,
    bom: true,
    trim: true,
    relax_column_count: true,
  }) as string[][];
  return first ?? [];
}

/** One record as a client, with every problem found (a row with any is not imported). */
export function toImportRow(
  record: Record<string, string>,
  line: number,
  mapping: ClientImportMapping,
): ImportRow {
  const read = (column: string | undefined) => (column ? (record[column] ?? '').trim() : '');
  let firstName = read(mapping.firstName);
  let lastName = read(mapping.lastName);
  if (!firstName && mapping.fullName) {
    const full = read(mapping.fullName).replace(/\s+/g, ' ');
    const at = full.indexOf(' ');
    firstName = at === -1 ? full : full.slice(0, at);
    lastName = lastName || (at === -1 ? '' : full.slice(at + 1));
  }
  const typedPhone = read(mapping.phone);
  const email = read(mapping.email) || null;
  const notes = read(mapping.notes) || null;
  const problems: string[] = [];
  if (!firstName) problems.push('No first name');
  if (firstName.length > NAME_MAX || lastName.length > NAME_MAX) {
    problems.push(`A name is longer than ${NAME_MAX} characters`);
  }
  const phone = typedPhone ? normalisePhone(typedPhone) : null;
  if (!typedPhone) problems.push('No phone number');
  else if (!phone) problems.push(`'${typedPhone}' is not a valid Australian phone number`);
  if (email && !EmailSchema.safeParse(email).success)
    problems.push(`'${email}' is not an email address`);
  if (notes && notes.length > NOTES_MAX)
    problems.push(`Notes are longer than ${NOTES_MAX} characters`);
  return {
    line,
    verdict: problems.length ? 'error' : 'create',
    firstName,
    lastName,
    phone: phone ?? typedPhone,
    email,
    notes,
    nameKey: clientNameKey(firstName, lastName),
    problems,
  };
}

/** The identity a client is found by (decision 35): phone and name. */
export const identityOf = (row: Pick<ImportRow, 'phone' | 'nameKey'>) =>
  `${row.phone} ${row.nameKey}`;
