import { Suspense, lazy, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  type Business,
  MAX_REPORT_DAYS,
  type ReportFigures,
  type ReportPoint,
  formatPrice,
} from '@slotwise/contracts';
import {
  Alert,
  ArrowLeftIcon,
  Button,
  Card,
  CardBody,
  CardHeader,
  EmptyState,
  Input,
  Label,
  Page,
  PageHeader,
  Skeleton,
  useDocumentTitle,
} from '@slotwise/ui';
import { BusinessGate, SelectField, ToggleGroup } from '../../owner';
import {
  useDownloadCsv,
  useReportSeries,
  useReportSummary,
  useServiceReport,
  useStaffReport,
} from '../api';
import { type FigureDef, figureDefs } from '../figures';
import { type DateRange, PRESETS, type Preset, presetRange, rangeDays, todayIn } from '../ranges';
import '../reports.css';

// The chart code (visx) is fetched when this page first draws a chart, and never elsewhere.
const ReportChart = lazy(() => import('./ReportChart'));

const percent = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
const hours = (m: number) => (m / 60).toLocaleString('en-AU', { maximumFractionDigits: 1 });

/** /reports: how the business is doing over a range, with the period before beside each figure. */
export default function ReportsPage() {
  useDocumentTitle('Reports');
  return (
    <BusinessGate>
      {(business) => (
        <Page className="dash-page rep-page">
          <Link to="/dashboard" className="dash-back">
            <ArrowLeftIcon width={16} height={16} />
            Back to Dashboard
          </Link>
          <Reports business={business} />
        </Page>
      )}
    </BusinessGate>
  );
}

function Reports({ business }: { business: Business }) {
  const today = todayIn(business.timeZone);
  const [preset, setPreset] = useState<Preset | 'custom'>('thisMonth');
  const [custom, setCustom] = useState<DateRange>(() => presetRange('thisMonth', today));
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const days = rangeDays(range);
  const valid = days >= 1 && days <= MAX_REPORT_DAYS;
  return (
    <>
      <PageHeader
        title="Reports"
        description={`${business.name} · ${range.from} to ${range.to} (${business.timeZone})`}
      />
      <Card>
        <CardBody className="rep-range">
          <SelectField
            id="rep-preset"
            label="Range"
            value={preset}
            onChange={(v) => {
              if (v === 'custom') setCustom(range);
              setPreset(v as Preset | 'custom');
            }}
            choices={[...PRESETS, { value: 'custom', label: 'Custom dates' }]}
          />
          {preset === 'custom' && (
            <div className="rep-dates">
              <div>
                <Label htmlFor="rep-from">From</Label>
                <Input
                  id="rep-from"
                  type="date"
                  value={custom.from}
                  onChange={(e) => setCustom({ ...custom, from: e.target.value })}
                />
              </div>
              <div>
                <Label htmlFor="rep-to">To</Label>
                <Input
                  id="rep-to"
                  type="date"
                  value={custom.to}
                  onChange={(e) => setCustom({ ...custom, to: e.target.value })}
                />
              </div>
            </div>
          )}
          <Exports businessId={business.id} range={range} disabled={!valid} />
        </CardBody>
      </Card>
      {valid ? (
        <RangeReports business={business} range={range} />
      ) : (
        <Alert variant="warning" title="Choose another range">
          {`The start must be on or before the end, and a report covers at most ${MAX_REPORT_DAYS} days.`}
        </Alert>
      )}
    </>
  );
}

function Exports({
  businessId,
  range,
  disabled,
}: {
  businessId: number;
  range: DateRange;
  disabled: boolean;
}) {
  const download = useDownloadCsv(businessId);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (what: 'appointments' | 'clients') => {
    setBusy(what);
    setError(null);
    download(what, range)
      .catch(() => setError('The export could not be downloaded. Try again.'))
      .finally(() => setBusy(null));
  };
  return (
    <div className="rep-exports">
      <Button
        variant="secondary"
        disabled={disabled}
        loading={busy === 'appointments'}
        onClick={() => run('appointments')}
      >
        Export appointments (CSV)
      </Button>
      <Button
        variant="secondary"
        disabled={disabled}
        loading={busy === 'clients'}
        onClick={() => run('clients')}
      >
        Export clients (CSV)
      </Button>
      {error && (
        <p role="alert" className="rep-error">
          {error}
        </p>
      )}
    </div>
  );
}

function RangeReports({ business, range }: { business: Business; range: DateRange }) {
  const summary = useReportSummary(business.id, range);
  if (summary.isPending) return <FiguresSkeleton />;
  if (summary.isError) {
    return (
      <Alert variant="danger" title="The reports could not be loaded">
        <Button variant="secondary" onClick={() => void summary.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = summary.data;
  if (data.current.appointments.total === 0 && data.previous.appointments.total === 0) {
    return (
      <EmptyState
        title="No appointments in this range"
        description="Choose another range, or come back once clients have booked."
      />
    );
  }
  return (
    <>
      <section aria-label="Figures" className="rep-figures">
        {figureDefs(data.lateCancelMinutes, data.rebookWithinDays, data.current.money !== null).map(
          (def) => (
            <Figure key={def.key} def={def} current={data.current} previous={data.previous} />
          ),
        )}
      </section>
      <Series businessId={business.id} range={range} />
      <StaffTable businessId={business.id} range={range} />
      <ServicesTable businessId={business.id} range={range} />
    </>
  );
}

function Figure({
  def,
  current,
  previous,
}: {
  def: FigureDef;
  current: ReportFigures;
  previous: ReportFigures;
}) {
  const [open, setOpen] = useState(false);
  const now = def.value(current);
  const before = def.value(previous);
  return (
    <Card className="rep-figure" data-figure={def.key}>
      <CardBody>
        <div className="rep-figure-head">
          <span className="rep-figure-label">{def.label}</span>
          <button
            type="button"
            className="rep-info"
            aria-expanded={open}
            aria-label={`What is ${def.label}?`}
            onClick={() => setOpen(!open)}
          >
            ?
          </button>
        </div>
        <strong className="rep-figure-value">{now === null ? '–' : def.format(now)}</strong>
        <span className="rep-figure-previous">
          Previous period: {before === null ? '–' : def.format(before)}
        </span>
        {open && <p className="rep-definition">{def.definition}</p>}
      </CardBody>
    </Card>
  );
}

function Series({ businessId, range }: { businessId: number; range: DateRange }) {
  const [interval, setInterval] = useState<'day' | 'week'>(rangeDays(range) > 62 ? 'week' : 'day');
  const series = useReportSeries(businessId, range, interval);
  return (
    <Card>
      <CardHeader title="By day or week" />
      <CardBody>
        <ToggleGroup
          label="Group by"
          value={interval}
          onChange={setInterval}
          options={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
        />
        {series.isPending ? (
          <Skeleton height={220} />
        ) : series.isError ? (
          <Alert variant="danger" title="The chart could not be loaded" />
        ) : (
          <Suspense fallback={<Skeleton height={220} />}>
            <ReportChart points={series.data.points} title="Appointments and expected revenue" />
            <SeriesTotals points={series.data.points} />
          </Suspense>
        )}
      </CardBody>
    </Card>
  );
}

function SeriesTotals({ points }: { points: ReportPoint[] }) {
  const busiest = useMemo(
    () =>
      points.reduce<ReportPoint | null>(
        (a, p) => (!a || p.appointments > a.appointments ? p : a),
        null,
      ),
    [points],
  );
  if (!busiest || busiest.appointments === 0) return null;
  return (
    <p className="rep-note">
      Busiest: {busiest.start} ({busiest.appointments} appointments)
    </p>
  );
}

function StaffTable({ businessId, range }: { businessId: number; range: DateRange }) {
  const staff = useStaffReport(businessId, range);
  return (
    <Card>
      <CardHeader title="By staff member" />
      <CardBody className="rep-table-wrap">
        {staff.isPending ? (
          <Skeleton height={80} />
        ) : staff.isError ? (
          <Alert variant="danger" title="The staff table could not be loaded" />
        ) : staff.data.rows.length === 0 ? (
          <p className="rep-note">No staff members.</p>
        ) : (
          <table className="rep-table" aria-label="By staff member">
            <thead>
              <tr>
                <th scope="col">Staff</th>
                <th scope="col">Appts</th>
                <th scope="col">Completed</th>
                <th scope="col">No-shows</th>
                <th scope="col">Revenue</th>
                <th scope="col">Booked h</th>
                <th scope="col">Working h</th>
                <th scope="col">Utilisation</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.rows.map((r) => (
                <tr key={r.staffId ?? 0}>
                  <th scope="row">{r.name}</th>
                  <td>{r.appointments}</td>
                  <td>{r.completed}</td>
                  <td>{r.noShows}</td>
                  <td>{formatPrice(r.expectedRevenueCents)}</td>
                  <td>{hours(r.bookedMinutes)}</td>
                  <td>{hours(r.workingMinutes)}</td>
                  <td>{percent(r.utilisation)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardBody>
    </Card>
  );
}

function ServicesTable({ businessId, range }: { businessId: number; range: DateRange }) {
  const services = useServiceReport(businessId, range);
  return (
    <Card>
      <CardHeader title="By service" />
      <CardBody className="rep-table-wrap">
        {services.isPending ? (
          <Skeleton height={80} />
        ) : services.isError ? (
          <Alert variant="danger" title="The services table could not be loaded" />
        ) : services.data.rows.length === 0 ? (
          <p className="rep-note">No appointments in this range.</p>
        ) : (
          <table className="rep-table" aria-label="By service">
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Appts</th>
                <th scope="col">Completed</th>
                <th scope="col">No-shows</th>
                <th scope="col">Cancelled</th>
                <th scope="col">Revenue</th>
                <th scope="col">Booked h</th>
              </tr>
            </thead>
            <tbody>
              {services.data.rows.map((r) => (
                <tr key={r.serviceId}>
                  <th scope="row">{r.name}</th>
                  <td>{r.appointments}</td>
                  <td>{r.completed}</td>
                  <td>{r.noShows}</td>
                  <td>{r.cancelled}</td>
                  <td>{formatPrice(r.expectedRevenueCents)}</td>
                  <td>{hours(r.bookedMinutes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardBody>
    </Card>
  );
}

function FiguresSkeleton() {
  return (
    <section aria-label="Loading figures" className="rep-figures">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={96} />
      ))}
    </section>
  );
}
