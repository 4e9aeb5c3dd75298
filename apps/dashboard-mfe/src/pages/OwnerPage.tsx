import { Link } from 'react-router';
import { Alert, Page, PageHeader, buttonClassName, useDocumentTitle } from '@slotwise/ui';

/** Owner pages arrive with owner sign-in (a later release); until then they say so plainly. */
export function OwnerPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Page narrow>
      <PageHeader title={title} />
      <div className="sw-stack">
        <Alert variant="info" title="Coming with the owners release">
          This page opens once business owners can sign in to Slotwise.
        </Alert>
        <div>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Return to Home
          </Link>
        </div>
      </div>
    </Page>
  );
}
