import { Link, useSearchParams } from 'react-router';
import { Alert, Page, PageHeader, buttonClassName, useDocumentTitle } from '@slotwise/ui';

/** Customer cancellation by SMS link. The cancel call itself arrives with the self-service release. */
export default function CancelPage() {
  useDocumentTitle('Cancel Appointment');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Page narrow>
      <PageHeader title="Cancel Appointment" />
      <div className="sw-stack">
        {token ? (
          <Alert variant="info" title="Online cancellation is almost here">
            Cancelling from this link opens with the self-service release. Until then, please
            contact the business directly to cancel.
          </Alert>
        ) : (
          <Alert variant="danger" title="Invalid cancellation link. No token provided." />
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
