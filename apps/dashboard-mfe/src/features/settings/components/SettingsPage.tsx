import { Link, useSearchParams } from 'react-router';
import { type Business, type Permission } from '@slotwise/contracts';
import {
  ArrowLeftIcon,
  Badge,
  LoadingState,
  Page,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useDocumentTitle,
} from '@slotwise/ui';
import { ActivityTab } from '../../activity';
import { CalendarFeedsCard } from '../../calendar-feeds';
import { ClosuresTab } from '../../closures';
import { IntegrationsTab } from '../../integrations';
import { BusinessGate } from '../../owner';
import { BusinessHoursTab } from '../../hours';
import { BookingLinkCard, EmbedCard } from '../../publishing';
import { PaymentPolicyCard, PaymentsCard } from '../../payments';
import { ServicesTab } from '../../services';
import { StaffManagementCard } from '../../staff';
import { StaffRequestsCard, usePendingRequestCount } from '../../staff-requests';
import { BookingWindowCard } from './BookingWindowCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ConfirmationRequestCard } from './ConfirmationRequestCard';
import { GeneralTab } from './GeneralTab';
import { SubscriptionCard } from '../../subscription';
import { TeamTab, useRole } from '../../team';

// Each tab with the permission it needs (the contracts' table): a role sees only its tabs.
const TABS = [
  { value: 'general', label: 'General', needs: 'business.edit' },
  { value: 'services', label: 'Services', needs: 'services.manage' },
  { value: 'hours', label: 'Business Hours', needs: 'hours.manage' },
  { value: 'closures', label: 'Closures', needs: 'hours.manage' },
  { value: 'staff', label: 'Staff', needs: 'staff.manage' },
  { value: 'publishing', label: 'Publishing', needs: 'business.edit' },
  { value: 'calendar', label: 'Calendar Feeds', needs: 'integrations.manage' },
  { value: 'team', label: 'Team', needs: 'team.view' },
  { value: 'payments', label: 'Payments', needs: 'payments.manage' },
  { value: 'subscription', label: 'Subscription', needs: 'plan.manage' },
  { value: 'integrations', label: 'Integrations', needs: 'integrations.manage' },
  { value: 'activity', label: 'Activity', needs: 'activity.view' },
] as const satisfies readonly { value: string; label: string; needs: Permission }[];
type TabValue = (typeof TABS)[number]['value'];

/** /settings: the business's tabs. The open tab lives in ?tab= so it survives a reload or a link. */
export default function SettingsPage() {
  useDocumentTitle('Settings');
  return <BusinessGate>{(business) => <Settings business={business} />}</BusinessGate>;
}

function Settings({ business }: { business: Business }) {
  const [params, setParams] = useSearchParams();
  const { role, can } = useRole(business.id);
  const tabs = TABS.filter((t) => can(t.needs));
  // Staff requests waiting for a decision show as a count on the Team tab.
  const canDecide = can('hours.manage') && can('team.view');
  const pendingRequests = usePendingRequestCount(business.id, canDecide);
  const requested = params.get('tab');
  const tab: TabValue | 'account' =
    tabs.find((t) => t.value === requested)?.value ?? tabs[0]?.value ?? 'account';
  if (!role) return <LoadingState title="Loading" />;

  return (
    <Page className="dash-page">
      <Link to="/dashboard" className="dash-back">
        <ArrowLeftIcon width={16} height={16} />
        Back to Dashboard
      </Link>
      <PageHeader title="Settings" description={`Manage ${business.name}.`} />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList aria-label="Settings sections" overflow="scroll">
          {tabs.length === 0 && <TabsTrigger value="account">Account</TabsTrigger>}
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
              {t.value === 'team' && pendingRequests > 0 && (
                <Badge
                  variant="warning"
                  className="req-tab-count"
                  aria-label={`${pendingRequests} waiting for approval`}
                >
                  {pendingRequests}
                </Badge>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="general">
          <div className="sw-stack">
            <GeneralTab business={business} />
            <BookingLinkCard business={business} />
            <BookingWindowCard business={business} />
            <ConfirmationRequestCard business={business} />
            <ChangePasswordCard />
          </div>
        </TabsContent>
        <TabsContent value="services">
          <ServicesTab businessId={business.id} />
        </TabsContent>
        <TabsContent value="hours">
          <BusinessHoursTab businessId={business.id} timeZone={business.timeZone} />
        </TabsContent>
        <TabsContent value="closures">
          <ClosuresTab business={business} />
        </TabsContent>
        <TabsContent value="staff">
          <StaffManagementCard businessId={business.id} plan={business.subscriptionPlan} />
        </TabsContent>
        <TabsContent value="publishing">
          <EmbedCard business={business} />
        </TabsContent>
        <TabsContent value="calendar">
          <CalendarFeedsCard businessId={business.id} />
        </TabsContent>
        <TabsContent value="team">
          <div className="sw-stack">
            {canDecide && <StaffRequestsCard business={business} />}
            <TeamTab businessId={business.id} />
          </div>
        </TabsContent>
        <TabsContent value="payments">
          <div className="sw-stack">
            <PaymentsCard business={business} />
            <PaymentPolicyCard business={business} />
          </div>
        </TabsContent>
        <TabsContent value="subscription">
          <SubscriptionCard business={business} />
        </TabsContent>
        <TabsContent value="integrations">
          <IntegrationsTab businessId={business.id} timeZone={business.timeZone} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab businessId={business.id} timeZone={business.timeZone} />
        </TabsContent>
        <TabsContent value="account">
          <ChangePasswordCard />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
