import { Link, useSearchParams } from 'react-router';
import {
  ArrowLeftIcon,
  Page,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useDocumentTitle,
} from '@slotwise/ui';
import { ClosuresTab } from '../../closures';
import { BusinessGate } from '../../owner';
import { BusinessHoursTab } from '../../hours';
import { BookingLinkCard } from '../../publishing';
import { PaymentPolicyCard, PaymentsCard } from '../../payments';
import { ServicesTab } from '../../services';
import { StaffManagementCard } from '../../staff';
import { BookingWindowCard } from './BookingWindowCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { GeneralTab } from './GeneralTab';
import { SubscriptionCard } from '../../subscription';

const TABS = [
  { value: 'general', label: 'General' },
  { value: 'services', label: 'Services' },
  { value: 'hours', label: 'Business Hours' },
  { value: 'closures', label: 'Closures' },
  { value: 'staff', label: 'Staff' },
  { value: 'payments', label: 'Payments' },
  { value: 'subscription', label: 'Subscription' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** /settings: the business's tabs. The open tab lives in ?tab= so it survives a reload or a link. */
export default function SettingsPage() {
  useDocumentTitle('Settings');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = TABS.find((t) => t.value === requested)?.value ?? 'general';

  return (
    <BusinessGate>
      {(business) => (
        <Page className="dash-page">
          <Link to="/dashboard" className="dash-back">
            <ArrowLeftIcon width={16} height={16} />
            Back to Dashboard
          </Link>
          <PageHeader title="Settings" description={`Manage ${business.name}.`} />
          <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
            <TabsList aria-label="Settings sections">
              {TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="general">
              <div className="sw-stack">
                <GeneralTab business={business} />
                <BookingLinkCard business={business} />
                <BookingWindowCard business={business} />
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
            <TabsContent value="payments">
              <div className="sw-stack">
                <PaymentsCard business={business} />
                <PaymentPolicyCard business={business} />
              </div>
            </TabsContent>
            <TabsContent value="subscription">
              <SubscriptionCard business={business} />
            </TabsContent>
          </Tabs>
        </Page>
      )}
    </BusinessGate>
  );
}
