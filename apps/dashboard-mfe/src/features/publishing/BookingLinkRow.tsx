import { Button } from '@slotwise/ui';
import { copyBookingLink } from './booking-link';

/** The booking page's address, opened in a new tab, with a button that copies it. */
export function BookingLinkRow({ link, testId }: { link: string; testId?: string }) {
  return (
    <div className="pub-link">
      <a
        className="pub-link__url"
        href={link}
        target="_blank"
        rel="noreferrer"
        data-testid={testId}
      >
        {link}
      </a>
      <Button variant="secondary" size="sm" onClick={() => void copyBookingLink(link)}>
        Copy Link
      </Button>
    </div>
  );
}
