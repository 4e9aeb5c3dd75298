import { Link } from 'react-router';
import { Alert, Card, CardBody, buttonClassName, useDocumentTitle } from '@slotwise/ui';

/** Owner sign-in arrives with the owners release; until then this page says so plainly. */
export function AuthPage() {
  useDocumentTitle('Sign in');
  return (
    <div className="sw-page">
      <div className="sw-container shell-auth">
        <Card>
          <CardBody className="sw-stack">
            <h1 className="shell-auth__title">Welcome to Slotwise</h1>
            <p className="shell-auth__lead">
              Business owners will sign in here to manage appointments, staff, services and opening
              hours.
            </p>
            <Alert variant="info" title="Owner sign-in is coming in the owners release">
              Customers don&rsquo;t need an account: you can book with any of our partner businesses
              right now.
            </Alert>
            <Link to="/partners" className={buttonClassName({ block: true })}>
              Find a business
            </Link>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
