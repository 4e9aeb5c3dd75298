import { Link } from 'react-router';
import {
  CalendarIcon,
  Card,
  CardBody,
  EmptyState,
  Page,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  buttonClassName,
  useDocumentTitle,
} from '@slotwise/ui';
import { BusinessGate } from '../owner/BusinessGate';
import { StaffManagementCard } from '../staff/components/StaffManagementCard';
import { SettingsIcon } from '../../icons';

/** /dashboard: the owner's home. Appointments arrive with the appointments release. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <BusinessGate>
      {(business) => (
        <Page className="dash-page">
          <div className="dash-title-row">
            <PageHeader title="Business Dashboard" description={business.name} />
            <Link to="/settings" className={buttonClassName({ variant: 'secondary' })}>
              <SettingsIcon />
              Settings
            </Link>
          </div>
          <Tabs defaultValue="appointments">
            <TabsList aria-label="Dashboard sections" className="dash-tabs-narrow">
              <TabsTrigger value="appointments">Appointments</TabsTrigger>
              <TabsTrigger value="staff">Staff</TabsTrigger>
            </TabsList>
            <TabsContent value="appointments">
              <Card>
                <CardBody>
                  <EmptyState
                    icon={<CalendarIcon />}
                    title="Your appointments will appear here"
                    description={
                      <>
                        Customers book at{' '}
                        <Link to={`/book/${business.slug}`}>/book/{business.slug}</Link>. The
                        appointment calendar and list arrive in the next release.
                      </>
                    }
                    action={
                      <Link
                        to={`/book/${business.slug}`}
                        className={buttonClassName({ variant: 'secondary' })}
                      >
                        View booking page
                      </Link>
                    }
                  />
                </CardBody>
              </Card>
            </TabsContent>
            <TabsContent value="staff">
              <StaffManagementCard businessId={business.id} plan={business.subscriptionPlan} />
            </TabsContent>
          </Tabs>
        </Page>
      )}
    </BusinessGate>
  );
}
