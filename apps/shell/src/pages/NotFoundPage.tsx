import { Link } from 'react-router';
import { StatusPage, buttonClassName, useDocumentTitle } from '@slotwise/ui';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <StatusPage
      eyebrow="Error 404"
      title="404 Page Not Found"
      actions={
        <Link to="/" className={buttonClassName()}>
          Return to Home
        </Link>
      }
    >
      <p>Did you forget to add the page to the router?</p>
    </StatusPage>
  );
}
