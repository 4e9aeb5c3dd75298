import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@slotwise/contracts';
import { Page, PageHeader, buttonClassName, useDocumentTitle } from '@slotwise/ui';
import { formatZonedTime } from '../booking';

/** The page around a customer's SMS link: its title, what happened, and the way home. */
export function SelfServiceLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Page narrow>
      <PageHeader title={title} />
      <div className="sw-stack">
        {children}
        <div>
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
