/**
 * A running import holds a lease (`lease_until`) its worker renews while it works. A worker that
 * dies mid-import takes its transaction with it (nothing is written) and renews nothing: once the
 * lease has passed, the import is marked failed with the contracts' IMPORT_STOPPED_MESSAGE, so the owner sees it
 * end and can start again (docs/decisions/025). Both the worker (every relay tick, all imports)
 * and the API (the job the owner's progress bar reads) apply it, so no live process is needed
 * besides the one answering the owner.
 *
 * `where` narrows the imports checked (SQL over client_imports' columns, `$2`… its parameters);
 * `$1` is the message (IMPORT_STOPPED_MESSAGE).
 */
export function expireImportsSql(where = 'true'): string {
  return `UPDATE client_imports
             SET status = 'failed', processed = 0, created = 0, merged = 0, lease_until = NULL,
                 error = $1, updated_at = now()
           WHERE status = 'running' AND lease_until < now() AND ${where}`;
}

/** SQL renewing a running import's lease: `$1` the import, `$2` the lease in milliseconds. */
export const LEASE_UNTIL = `now() + $2::int * interval '1 millisecond'`;
