import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Business, type OwnerAppointment } from '@slotwise/contracts';
import {
  Button,
  buttonClassName,
  Card,
  CardBody,
  Input,
  Page,
  PageHeader,
  RefreshIcon,
  SettingsIcon,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
  useDocumentTitle,
} from '@slotwise/ui';
import {
  appointmentKeys,
  useAppointmentCounts,
  useAppointmentList,
  useFreshAppointment,
} from '../appointments/api';
import {
  customerName,
  filterAppointments,
  formatWhen,
  newestFirst,
} from '../appointments/appointments';
import { AppointmentDetailsDialog } from '../appointments/components/AppointmentDetailsDialog';
import { AppointmentsCalendar } from '../appointments/components/AppointmentsCalendar';
import { AppointmentsTable } from '../appointments/components/AppointmentsTable';
import { StatusBadge } from '../appointments/components/StatusBadge';
import { useDebouncedValue } from '../appointments/useDebouncedValue';
import { BusinessGate } from '../owner/BusinessGate';
import { SectionHead } from '../owner/SectionHead';
import { ToggleGroup } from '../owner/ToggleGroup';
import { StaffManagementCard } from '../staff/components/StaffManagementCard';
import { PlanStatusBanner } from '../subscription/components/PlanStatusBanner';

/** The Recent Appointments card shows the 5 newest. */
const RECENT_COUNT = 5;
const NO_STATUSES = [] as const;

type OverviewView = 'calendar' | 'table';
const VIEWS: readonly { value: OverviewView; label: string }[] = [
  { value: 'calendar', label: 'Calendar' },
  { value: 'table', label: 'Table View' },
];

function SearchBox({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (v: string) => void;
  className?: string;
}) {
  return (
    <Input
      type="search"
      className={className}
      placeholder="Search appointments..."
      aria-label="Search appointments"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function SummaryCards({ businessId }: { businessId: number }) {
  const counts = useAppointmentCounts(businessId);
  const cards = [
    { label: "Today's Appointments", value: counts.data?.today },
    { label: 'Confirmed Appointments', value: counts.data?.confirmed },
    { label: 'Pending Appointments', value: counts.data?.pending },
  ];
  return (
    <div className="dash-summary">
      {cards.map((c) => (
        <Card key={c.label}>
          <CardBody>
            <p className="dash-summary__label">{c.label}</p>
            {counts.isPending ? (
              <Skeleton width={48} height={32} />
            ) : (
              <p className="dash-summary__value" data-count={c.label}>
                {c.value ?? '–'}
              </p>
            )}
          </CardBody>
        </Card>
      ))}
    </div>
  );
}

function Appointments({
  business,
  search,
  setSearch,
}: {
  business: Business;
  search: string;
  setSearch: (v: string) => void;
}) {
  // The server searches the table and the recent list: ask once typing pauses.
  const query = useDebouncedValue(search);
  const list = useAppointmentList(business.id, { q: query, statuses: NO_STATUSES }, RECENT_COUNT);
  const [view, setView] = useState<OverviewView>('calendar');
  const [open, setOpen] = useState<OwnerAppointment | null>(null);
  // The dialog shows the freshest copy after a change or a refresh.
  const current = useFreshAppointment(business.id, open);
  const recent = newestFirst(filterAppointments(list.data ?? [], search)).slice(0, RECENT_COUNT);

  return (
    <div className="sw-stack">
      <SummaryCards businessId={business.id} />
      <Card as="section">
        <CardBody className="sw-stack">
          <SectionHead title="Appointments Overview">
            <ToggleGroup
              label="Appointments view"
              options={VIEWS}
              value={view}
              onChange={setView}
            />
          </SectionHead>
          {view === 'calendar' ? (
            <AppointmentsCalendar business={business} search={search} onOpen={setOpen} />
          ) : (
            <>
              <SearchBox value={search} onChange={setSearch} className="dash-search-mobile" />
              <AppointmentsTable
                businessId={business.id}
                search={query}
                timeZone={business.timeZone}
                onOpen={setOpen}
              />
            </>
          )}
        </CardBody>
      </Card>
      <Card as="section">
        <CardBody className="sw-stack">
          <SectionHead title="Recent Appointments">
            <Button variant="ghost" size="sm" onClick={() => setView('table')}>
              View All
            </Button>
          </SectionHead>
          {list.isPending ? (
            <Skeleton height={44} />
          ) : recent.length === 0 ? (
            <p className="dash-empty">No appointments found</p>
          ) : (
            <ul className="dash-recent">
              {recent.map((a) => (
                <li key={a.id}>
                  <button type="button" className="dash-recent__item" onClick={() => setOpen(a)}>
                    <span className="dash-recent__main">
                      <span className="dash-table__strong">{customerName(a)}</span>
                      <span className="dash-table__sub">
                        {a.service.name} · {formatWhen(a.date, business.timeZone)}
                      </span>
                    </span>
                    <StatusBadge status={a.status} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      <AppointmentDetailsDialog
        appointment={current}
        businessId={business.id}
        timeZone={business.timeZone}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}

function Dashboard({ business }: { business: Business }) {
  const [search, setSearch] = useState('');
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await client.refetchQueries(
        { queryKey: appointmentKeys.all(business.id), type: 'active' },
        { throwOnError: true },
      );
      toast({ title: 'Appointment data refreshed', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to refresh data', variant: 'destructive' });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Page className="dash-page">
      <div className="dash-title-row">
        <PageHeader title="Business Dashboard" description={business.name} />
        <div className="dash-header-actions">
          <SearchBox value={search} onChange={setSearch} className="dash-search-desktop" />
          <Button
            variant="secondary"
            size="icon"
            aria-label="Refresh appointments"
            loading={refreshing}
            onClick={() => void refresh()}
          >
            <RefreshIcon />
          </Button>
          <Link to={`/book/${business.slug}`} className={buttonClassName({ variant: 'ghost' })}>
            View booking page
          </Link>
          <Link to="/settings" className={buttonClassName({ variant: 'secondary' })}>
            <SettingsIcon />
            Settings
          </Link>
        </div>
      </div>
      <PlanStatusBanner />
      <Tabs defaultValue="appointments">
        <TabsList aria-label="Dashboard sections" className="dash-tabs-narrow">
          <TabsTrigger value="appointments">Appointments</TabsTrigger>
          <TabsTrigger value="staff">Staff</TabsTrigger>
        </TabsList>
        <TabsContent value="appointments">
          <Appointments business={business} search={search} setSearch={setSearch} />
        </TabsContent>
        <TabsContent value="staff">
          <StaffManagementCard businessId={business.id} plan={business.subscriptionPlan} />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

/** /dashboard: the owner's home, the Business Dashboard. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  return <BusinessGate>{(business) => <Dashboard business={business} />}</BusinessGate>;
}
