import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { type RescheduleDetails, formatDate, formatPrice } from '@slotwise/contracts';
import { Card, CardBody, Page, PageHeader, buttonClassName, useDocumentTitle } from '@slotwise/ui';
import { formatZonedTime } from '../booking';

/** The page around a customer's SMS link: its title, what happened, and the way home. */
export function SelfServiceLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Page narrow>
      <PageHeader title={title} />
      <div className="sw-stack">
        {children}
        <div className="sw-summary__row">
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Return to Home
          </Link>
        </div>
      </div>
    </Page>
  );
}

/** '5 Mar 2027 at 9:30 AM AEDT': an appointment's start as the business sees it. */
export const formatStart = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone)} at ${formatZonedTime(iso, timeZone)}`;

/**
 * The booking a link points at: service, staff, business, and its time in the business's zone,
 * in the design system's summary (labels left, values right), as the booking confirmation's.
 */
export function BookingSummary({
  booking,
  label,
  testId,
}: {
  booking: RescheduleDetails;
  label: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardBody>
        <dl className="sw-summary">
          <div className="sw-summary__row">
            <dt>Service</dt>
            <dd>
              {booking.service.name} &middot; {booking.service.duration} min &middot;{' '}
              {formatPrice(booking.service.price)}
            </dd>
          </div>
          {booking.staffName && (
            <div className="sw-summary__row">
              <dt>Staff</dt>
              <dd>{booking.staffName}</dd>
            </div>
          )}
          <div className="sw-summary__row">
            <dt>Business</dt>
            <dd>{booking.business.name}</dd>
          </div>
          <div className="sw-summary__row">
            <dt>{label}</dt>
            <dd>{formatStart(booking.date, booking.business.timeZone)}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
