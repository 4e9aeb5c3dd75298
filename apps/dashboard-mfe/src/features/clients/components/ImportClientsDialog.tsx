import { useState } from 'react';
import {
  type ClientImportMapping,
  type ClientImportResult,
  IMPORT_PRESETS,
  type ImportPreset,
  MAX_IMPORT_CSV_CHARS,
} from '@slotwise/contracts';
import { Alert, Button, Dialog, Label, Textarea } from '@slotwise/ui';
import { SelectField } from '../../owner';
import { useImportClients, useImportJob } from '../api';
import { csvHeaders, detectPreset, presetMapping } from '../import-csv';

const FIELDS: { field: keyof ClientImportMapping; label: string; required?: boolean }[] = [
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'fullName', label: 'Full name (instead of first and last)' },
  { field: 'phone', label: 'Phone', required: true },
  { field: 'email', label: 'Email' },
  { field: 'notes', label: 'Notes' },
];
const PRESET_LABELS: Record<ImportPreset, string> = {
  fresha: 'Fresha',
  timely: 'Timely',
  square: 'Square',
};
const VERDICT_LABELS = {
  create: 'New client',
  existing: 'Already a client',
  duplicate: 'Repeat of an earlier row',
  error: 'Not imported',
} as const;

type Step = 'file' | 'map' | 'check' | 'import';

/** Clients → Import clients: file, column mapping, dry run with each row's problems, then the job. */
export function ImportClientsDialog({
  businessId,
  onClose,
}: {
  businessId: number;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>('file');
  const [csv, setCsv] = useState('');
  const [mapping, setMapping] = useState<Partial<ClientImportMapping>>({});
  const [preset, setPreset] = useState<ImportPreset | 'custom'>('custom');
  const [checked, setChecked] = useState<ClientImportResult | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const send = useImportClients(businessId);
  const job = useImportJob(businessId, jobId);
  const headers = csvHeaders(csv);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setCsv(await file.text());
  };
  const toMapping = () => {
    const found = detectPreset(headers);
    setPreset(found ?? 'custom');
    setMapping(found ? presetMapping(found, headers) : {});
    setStep('map');
  };
  const request = (dryRun: boolean) => ({ csv, mapping: mapping as ClientImportMapping, dryRun });
  const dryRun = () =>
    send.mutate(request(true), {
      onSuccess: (result) => {
        setChecked(result);
        setStep('check');
      },
    });
  const runImport = () =>
    send.mutate(request(false), {
      onSuccess: (result) => {
        setJobId(result.job?.jobId ?? null);
        setStep('import');
      },
    });
  const tooLarge = csv.length > MAX_IMPORT_CSV_CHARS;
  const canMap = Boolean(mapping.phone && (mapping.firstName || mapping.fullName));
  const progress = job.data && job.data.total > 0 ? job.data.processed / job.data.total : 0;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Import clients"
      description="From a CSV file exported by Fresha, Timely, Square or any other system."
    >
      <div className="sw-stack clients-import">
        {send.isError && (
          <Alert variant="danger" title="The file was not accepted">
            {send.error.message}
          </Alert>
        )}
        {step === 'file' && (
          <>
            <div>
              <Label htmlFor="import-file">CSV file</Label>
              <input
                id="import-file"
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => void readFile(e.target.files?.[0])}
              />
            </div>
            <div>
              <Label htmlFor="import-text">Or paste the file's text</Label>
              <Textarea
                id="import-text"
                rows={6}
                value={csv}
                onChange={(e) => setCsv(e.target.value)}
                placeholder={'First Name,Last Name,Mobile Number\nMia,Chen,0412 345 678'}
              />
            </div>
            {tooLarge && (
              <Alert variant="warning" title="The file is larger than 2 MB: split it." />
            )}
            <Button disabled={headers.length === 0 || tooLarge} onClick={toMapping}>
              Next: match the columns
            </Button>
          </>
        )}
        {step === 'map' && (
          <>
            <SelectField
              id="import-preset"
              label="Exported from"
              value={preset}
              choices={[
                ...IMPORT_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] })),
                { value: 'custom', label: 'Another system (choose the columns)' },
              ]}
              onChange={(v) => {
                setPreset(v as ImportPreset | 'custom');
                if (v !== 'custom') setMapping(presetMapping(v as ImportPreset, headers));
              }}
            />
            {FIELDS.map(({ field, label, required }) => (
              <SelectField
                key={field}
                id={`import-map-${field}`}
                label={required ? `${label} (required)` : label}
                value={mapping[field] ?? ''}
                choices={[
                  { value: '', label: '— not in the file —' },
                  ...headers.map((h) => ({ value: h, label: h })),
                ]}
                onChange={(v) => setMapping({ ...mapping, [field]: v || undefined })}
              />
            ))}
            <div className="clients-import-actions">
              <Button variant="secondary" onClick={() => setStep('file')}>
                Back
              </Button>
              <Button disabled={!canMap} loading={send.isPending} onClick={dryRun}>
                Check the rows
              </Button>
            </div>
          </>
        )}
        {step === 'check' && checked && (
          <>
            <p aria-live="polite">
              {checked.counts.rows} rows: {checked.counts.create} new, {checked.counts.existing}{' '}
              already clients, {checked.counts.duplicate} repeats merged, {checked.counts.error}{' '}
              with problems.
            </p>
            <div className="clients-import-table">
              <table aria-label="Rows of the file">
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Name</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Result</th>
                  </tr>
                </thead>
                <tbody>
                  {/* The first rows as a preview, then every row with a problem. */}
                  {checked.rows
                    .filter((r, i) => i < 5 || r.verdict === 'error')
                    .map((r) => (
                      <tr key={r.line} data-verdict={r.verdict}>
                        <td>{r.line}</td>
                        <td>{`${r.firstName} ${r.lastName}`.trim() || '—'}</td>
                        <td>{r.phone || '—'}</td>
                        <td>
                          {VERDICT_LABELS[r.verdict]}
                          {r.problems.length > 0 && `: ${r.problems.join('; ')}`}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
            <div className="clients-import-actions">
              <Button variant="secondary" onClick={() => setStep('map')}>
                Back
              </Button>
              <Button
                disabled={checked.counts.rows === checked.counts.error}
                loading={send.isPending}
                onClick={runImport}
              >
                Import {checked.counts.create + checked.counts.existing} clients
              </Button>
            </div>
          </>
        )}
        {step === 'import' && (
          <>
            <progress
              className="clients-import-progress"
              aria-label="Import progress"
              max={1}
              value={job.data?.status === 'done' ? 1 : progress}
            />
            {job.isError ? (
              <Alert variant="danger" title="Could not read the import's progress" />
            ) : job.data?.status === 'done' ? (
              <Alert variant="success" title="Import finished">
                {job.data.created} new clients, {job.data.merged} merged into existing clients.
              </Alert>
            ) : job.data?.status === 'failed' ? (
              <Alert variant="danger" title="Nothing was imported">
                {job.data.error}
              </Alert>
            ) : (
              <p aria-live="polite">Importing…</p>
            )}
            <Button onClick={onClose}>Close</Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
