import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { type Business } from '@slotwise/contracts';
import { Card, CardBody, Page, Skeleton, StatusPage, buttonClassName, toast } from '@slotwise/ui';
import { useOwnerBusiness } from './api';

/** Loads the owner's business; a skeleton while loading, 'No Business Found' on failure. */
export function BusinessGate({ children }: { children: (business: Business) => ReactNode }) {
  const business = useOwnerBusiness();
  const error = business.error;

  useEffect(() => {
    if (!error) return;
    toast({
      title: 'Error fetching business data',
      description: error.message || 'An unexpected error occurred',
      variant: 'destructive',
    });
  }, [error]);

  if (business.isPending) {
    return (
      <Page>
        <div className="sw-stack" role="status" aria-live="polite">
          <span className="sw-visually-hidden">Loading your business…</span>
          <Skeleton width="40%" height={32} />
          <Skeleton width="25%" height={18} />
          <Skeleton height={44} radius={10} />
          <Card>
            <CardBody className="sw-stack">
              <Skeleton width="30%" height={22} />
              <Skeleton height={44} />
              <Skeleton height={44} />
            </CardBody>
          </Card>
        </div>
      </Page>
    );
  }
  if (business.isError) {
    return (
      <StatusPage
        title="No Business Found"
        actions={
          <Link to="/support" className={buttonClassName()}>
            Contact Support
          </Link>
        }
      >
        Your business account has not been set up yet. Please contact support to get started.
      </StatusPage>
    );
  }
  return <>{children(business.data)}</>;
}
