import { z } from 'zod';

/** The largest CSV an import takes (characters) and the most rows. */
export const MAX_IMPORT_CSV_CHARS = 2_000_000;
export const MAX_IMPORT_ROWS = 10_000;
export const IMPORT_TOO_LARGE_MESSAGE = `The file is too large: at most ${MAX_IMPORT_ROWS.toLocaleString('en-AU')} clients and 2 MB per import`;

/** The fields a client row can fill, and which column of the file fills each. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'phone',
  'email',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const ClientImportMappingSchema = z
  .object({
    firstName: z.string().min(1).max(100).optional(),
    lastName: z.string().min(1).max(100).optional(),
    /** One column with the whole name ('Mia Chen'), split at the first space. */
    fullName: z.string().min(1).max(100).optional(),
    phone: z.string({ error: 'Map a column to phone' }).min(1, 'Map a column to phone').max(100),
    email: z.string().min(1).max(100).optional(),
    notes: z.string().min(1).max(100).optional(),
  })
  .refine((m) => m.firstName !== undefined || m.fullName !== undefined, {
    path: ['firstName'],
    message: 'Map a column to the first name or to the full name',
  });
export type ClientImportMapping = z.infer<typeof ClientImportMappingSchema>;

export const IMPORT_PRESETS = ['fresha', 'timely', 'square'] as const;
export type ImportPreset = (typeof IMPORT_PRESETS)[number];

/**
 * The column headers of each system's client export, as their exports name them (check the file's
 * header row in the mapping step: a business may have renamed or added columns).
 */
export const IMPORT_PRESET_MAPPINGS: Record<ImportPreset, ClientImportMapping> = {
  fresha: {
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Mobile Number',
    email: 'Email',
    notes: 'Note',
  },
  timely: {
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Mobile',
    email: 'Email',
    notes: 'Notes',
  },
  square: {
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Phone Number',
    email: 'Email Address',
    notes: 'Memo',
  },
};

export const ClientImportRequestSchema = z.object({
  csv: z
    .string({ error: 'csv is required: the text of the file' })
    .min(1, 'The file is empty')
    .max(MAX_IMPORT_CSV_CHARS, IMPORT_TOO_LARGE_MESSAGE),
  mapping: ClientImportMappingSchema,
  dryRun: z.boolean().default(false),
});
export type ClientImportRequest = z.infer<typeof ClientImportRequestSchema>;
export type ClientImportRequestInput = z.input<typeof ClientImportRequestSchema>;

/**
 * What a row becomes: a new client, merged into a client already there (same phone and name), a
 * repeat of an earlier row of the file (merged into it), or skipped for its problems.
 */
export const IMPORT_VERDICTS = ['create', 'existing', 'duplicate', 'error'] as const;

export const ClientImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int().positive(),
  verdict: z.enum(IMPORT_VERDICTS),
  firstName: z.string(),
  lastName: z.string(),
  /** E.164, or what the file said when it is not a phone number. */
  phone: z.string(),
  email: z.string().nullable(),
  problems: z.array(z.string()),
});
export type ClientImportRow = z.infer<typeof ClientImportRowSchema>;

export const ClientImportCountsSchema = z.object({
  rows: z.number().int().nonnegative(),
  create: z.number().int().nonnegative(),
  existing: z.number().int().nonnegative(),
  duplicate: z.number().int().nonnegative(),
  error: z.number().int().nonnegative(),
});

/** A running import whose worker stopped (its lease ran out): its transaction rolled back. */
export const IMPORT_STOPPED_MESSAGE =
  'The import stopped before it finished. Nothing was imported. Please try again.';

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ClientImportJobSchema = z.object({
  jobId: z.number().int().positive(),
  status: z.enum(IMPORT_JOB_STATUSES),
  total: z.number().int().nonnegative(),
  processed: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  merged: z.number().int().nonnegative(),
  /** Why it failed (nothing was imported). */
  error: z.string().nullable(),
});
export type ClientImportJob = z.infer<typeof ClientImportJobSchema>;

export const ClientImportResultSchema = z.object({
  dryRun: z.boolean(),
  counts: ClientImportCountsSchema,
  rows: z.array(ClientImportRowSchema),
  /** The import's job (not on a dry run). */
  job: ClientImportJobSchema.nullable(),
});
export type ClientImportResult = z.infer<typeof ClientImportResultSchema>;
