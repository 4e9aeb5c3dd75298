import { Link, useSearchParams } from 'react-router';
import { Alert, Page, PageHeader, buttonClassName, useDocumentTitle } from '@slotwise/ui';

interface SelfServiceLinkPageProps {
  title: string;
  /** Shown when the link carries no token. */
  invalidLink: string;
  /** Shown for a link with a token until the self-service release wires up the call. */
  comingSoonTitle: string;
  comingSoonText: string;
}

/** The target of the SMS links (/cancel, /reschedule); the calls behind them arrive later. */
function SelfServiceLinkPage({
  title,
  invalidLink,
  comingSoonTitle,
  comingSoonText,
}: SelfServiceLinkPageProps) {
  useDocumentTitle(title);
  const [params] = useSearchParams();
  return (
    <Page narrow>
      <PageHeader title={title} />
      <div className="sw-stack">
        {params.get('token') ? (
          <Alert variant="info" title={comingSoonTitle}>
            {comingSoonText}
          </Alert>
        ) : (
          <Alert variant="danger" title={invalidLink} />
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

export function CancelPage() {
  return (
    <SelfServiceLinkPage
      title="Cancel Appointment"
      invalidLink="Invalid cancellation link. No token provided."
      comingSoonTitle="Online cancellation is almost here"
      comingSoonText="Cancelling from this link opens with the self-service release. Until then, please contact the business directly to cancel."
    />
  );
}

export function ReschedulePage() {
  return (
    <SelfServiceLinkPage
      title="Reschedule Appointment"
      invalidLink="Invalid reschedule link. No token provided."
      comingSoonTitle="Online rescheduling is almost here"
      comingSoonText="Rescheduling from this link opens with the self-service release. Until then, please contact the business directly to change your time."
    />
  );
}
