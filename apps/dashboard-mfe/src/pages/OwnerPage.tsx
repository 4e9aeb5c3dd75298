import { Link } from 'react-router';
import { Alert, Page, PageHeader, buttonClassName, useDocumentTitle } from '@slotwise/ui';

/** /subscribe: online payment arrives with the billing release; until then it says so plainly. */
export function OwnerPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Page narrow>
      <PageHeader title={title} />
      <div className="sw-stack">
        <Alert variant="info" title="Online upgrades are coming soon">
          Paying for the Professional plan online opens with the billing release.
        </Alert>
        <div>
          <Link
            to="/settings?tab=subscription"
            className={buttonClassName({ variant: 'secondary' })}
          >
            View your plan
          </Link>
        </div>
      </div>
    </Page>
  );
}
