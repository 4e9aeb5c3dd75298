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
  LoadingState,
  Page,
  PageHeader,
  PlusIcon,
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
  AgendaLists,
  AppointmentDetailsDialog,
  appointmentKeys,
  AppointmentsCalendar,
  AppointmentsTable,
  type CalendarFocus,
  NewAppointmentDialog,
  type NewAppointmentPrefill,
  nextQuarter,
  useAppointmentCounts,
  useDebouncedValue,
  LiveIndicator,
  useFreshAppointment,
  useLiveDiary,
} from '../appointments';
import { ClientsTab } from '../clients';
import { MessagingBanner } from '../messages';
import { BusinessGate, SectionHead, ToggleGroup } from '../owner';
import { SetupGate } from '../setup';
import { StaffManagementCard } from '../staff';
import { PlanStatusBanner } from '../subscription';
import { BusinessSwitcher, MyDay, useRole } from '../team';

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
  onNew,
  focus,
}: {
  business: Business;
  search: string;
  setSearch: (v: string) => void;
  onNew: (prefill: NewAppointmentPrefill) => void;
  /** The day of a booking just made, shown in the calendar's Day view. */
  focus: CalendarFocus | null;
}) {
  // The server searches the table and the Today and Upcoming lists: ask once typing pauses.
  const query = useDebouncedValue(search);
  const [view, setView] = useState<OverviewView>('calendar');
  const [open, setOpen] = useState<OwnerAppointment | null>(null);
  // The dialog shows the freshest copy after a change or a refresh.
  const current = useFreshAppointment(business.id, open);
  // Bookings made, moved or cancelled by anyone appear without a reload.
  const live = useLiveDiary(business.id);
  const [shownFocus, setShownFocus] = useState(focus);
  if (focus !== shownFocus) {
    // A booking just made is shown in the calendar.
    setShownFocus(focus);
    setView('calendar');
  }

  return (
    <div className="sw-stack">
      <SummaryCards businessId={business.id} />
      <AgendaLists
        business={business}
        search={query}
        onOpen={setOpen}
        onViewAll={() => setView('table')}
      />
      <Card as="section">
        <CardBody className="sw-stack">
          <SectionHead title="Appointments Overview">
            <div className="sw-row dash-overview-tools">
              <LiveIndicator status={live} />
              <ToggleGroup
                label="Appointments view"
                options={VIEWS}
                value={view}
                onChange={setView}
              />
            </div>
          </SectionHead>
          {view === 'calendar' ? (
            <AppointmentsCalendar
              business={business}
              search={search}
              onOpen={setOpen}
              onNew={onNew}
              focus={focus}
            />
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
      <AppointmentDetailsDialog
        appointment={current}
        businessId={business.id}
        timeZone={business.timeZone}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}

function Dashboard({ business, onMyDay }: { business: Business; onMyDay?: () => void }) {
  // Screens hide what the role may not do (the contracts' table; the API refuses it anyway).
  const { can } = useRole(business.id);
  const [search, setSearch] = useState('');
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  // The New appointment dialog (open with where it starts), and the day of the last booking.
  const [booking, setBooking] = useState<NewAppointmentPrefill | null>(null);
  const [focus, setFocus] = useState<CalendarFocus | null>(null);

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
          <BusinessSwitcher businessId={business.id} />
          {onMyDay && (
            <Button variant="secondary" onClick={onMyDay}>
              My day
            </Button>
          )}
          <Button onClick={() => setBooking(nextQuarter(business.timeZone))}>
            <PlusIcon />
            New appointment
          </Button>
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
          <Link to="/reports" className={buttonClassName({ variant: 'secondary' })}>
            Reports
          </Link>
          <Link to="/settings" className={buttonClassName({ variant: 'secondary' })}>
            <SettingsIcon />
            Settings
          </Link>
        </div>
      </div>
      {can('messages.send') && <MessagingBanner />}
      {can('plan.manage') && <PlanStatusBanner />}
      <Tabs defaultValue="appointments">
        <TabsList aria-label="Dashboard sections" className="dash-tabs-narrow">
          <TabsTrigger value="appointments">Appointments</TabsTrigger>
          {can('staff.manage') && <TabsTrigger value="staff">Staff</TabsTrigger>}
          <TabsTrigger value="clients">Clients</TabsTrigger>
        </TabsList>
        <TabsContent value="appointments">
          <Appointments
            business={business}
            search={search}
            setSearch={setSearch}
            onNew={setBooking}
            focus={focus}
          />
        </TabsContent>
        {can('staff.manage') && (
          <TabsContent value="staff">
            <StaffManagementCard businessId={business.id} plan={business.subscriptionPlan} />
          </TabsContent>
        )}
        <TabsContent value="clients">
          <ClientsTab businessId={business.id} timeZone={business.timeZone} />
        </TabsContent>
      </Tabs>
      {booking && (
        <NewAppointmentDialog
          business={business}
          prefill={booking}
          onClose={() => setBooking(null)}
          onBooked={(a) => setFocus({ date: a.date, key: a.id })}
        />
      )}
    </Page>
  );
}

/**
 * Staff land on their own day (My day, phone first) and may open their diary; owners and managers
 * get the Business Dashboard, owners through the first-run setup.
 */
function Home({ business }: { business: Business }) {
  const { role } = useRole(business.id);
  const [diary, setDiary] = useState(false);
  if (!role) return <LoadingState title="Loading" />;
  if (role === 'staff') {
    return diary ? (
      <Dashboard business={business} onMyDay={() => setDiary(false)} />
    ) : (
      <MyDay business={business} onShowDiary={() => setDiary(true)} />
    );
  }
  if (role === 'manager') return <Dashboard business={business} />;
  return (
    <SetupGate business={business}>
      <Dashboard business={business} />
    </SetupGate>
  );
}

/** /dashboard: the owner's home, the Business Dashboard; a staff member's My day. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  return <BusinessGate>{(business) => <Home business={business} />}</BusinessGate>;
}
