import { Link, useSearchParams } from 'react-router';
import { Alert, Page, PageHeader, buttonClassName, useDocumentTitle } from '@slotwise/ui';

/** Rescheduling by SMS link arrives with the self-service release; this page says so plainly. */
export default function ReschedulePage() {
  useDocumentTitle('Reschedule Appointment');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Page narrow>
      <PageHeader title="Reschedule Appointment" />
      <div className="sw-stack">
        {token ? (
          <Alert variant="info" title="Online rescheduling is almost here">
            Rescheduling from this link opens with the self-service release. Until then, please
            contact the business directly to change your time.
          </Alert>
        ) : (
          <Alert variant="danger" title="Invalid reschedule link. No token provided." />
        )}
        <div>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Return to Home
          </Link>
        </div>
      </div>
    </Page>
  );
}
