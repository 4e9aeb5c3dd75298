import { PUBLIC_PAGES } from '@slotwise/contracts';
import { Link } from 'react-router';
import {
  Button,
  ClockIcon,
  EmptyState,
  LoadingState,
  MapPinIcon,
  Page,
  PageHeader,
  StatusPage,
  StoreIcon,
  buttonClassName,
  useDocumentTitle,
  useMetaDescription,
} from '@slotwise/ui';
import { DIRECTORY_ERROR, directoryCard, useBusinesses } from './api';
import './directory.css';

export default function DirectoryPage() {
  useDocumentTitle(PUBLIC_PAGES['/partners'].title);
  useMetaDescription(PUBLIC_PAGES['/partners'].description);
  const businesses = useBusinesses();

  if (businesses.isError) {
    return (
      <StatusPage
        title="Error"
        actions={<Button onClick={() => window.location.reload()}>Try Again</Button>}
      >
        <p>{DIRECTORY_ERROR}</p>
      </StatusPage>
    );
  }

  return (
    <Page>
      <PageHeader
        center
        title="Our Business Partners"
        description="Choose a business below and book your appointment in a few simple steps: pick a service, a time that suits you, and you're done."
      />
      {businesses.isPending ? (
        <LoadingState title="Loading businesses" />
      ) : businesses.data.length === 0 ? (
        <EmptyState
          icon={<StoreIcon />}
          title="No businesses available"
          description="There are currently no businesses available for booking. Please check back later."
        />
      ) : (
        <ul className="dir-grid">
          {businesses.data.map((business) => {
            const card = directoryCard(business);
            return (
              <li key={business.id}>
                <article className="sw-card dir-card">
                  <div className="dir-card__head">
                    <span className="dir-card__avatar" aria-hidden="true">
                      {business.logo ? (
                        <img src={business.logo} alt="" />
                      ) : (
                        business.name.slice(0, 1)
                      )}
                    </span>
                    <h2 className="dir-card__name">{business.name}</h2>
                  </div>
                  <p className="dir-card__description">{card.description}</p>
                  <dl className="dir-card__facts">
                    <div>
                      <dt>
                        <MapPinIcon width={16} height={16} />
                        Location
                      </dt>
                      <dd>{card.location}</dd>
                    </div>
                    <div>
                      <dt>
                        <ClockIcon width={16} height={16} />
                        Hours
                      </dt>
                      <dd>{card.hours}</dd>
                    </div>
                  </dl>
                  <Link
                    to={`/book/${business.slug}`}
                    className={buttonClassName({ block: true, className: 'dir-card__cta' })}
                  >
                    Book Now
                  </Link>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
