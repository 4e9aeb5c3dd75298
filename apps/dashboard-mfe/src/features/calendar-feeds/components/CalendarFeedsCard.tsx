import { useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import type { CalendarFeed } from '@slotwise/contracts';
import { Alert, Button, ConfirmDialog, SkeletonList, toast } from '@slotwise/ui';
import { SectionCard } from '../../owner';
import { useCalendarFeeds, useRegenerateFeed } from '../api';
import '../calendar-feeds.css';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copied`, variant: 'success' });
  } catch {
    // No clipboard (an insecure origin, a refused permission): the link is on screen to copy.
    toast({
      title: 'Could not copy the link',
      description: 'Select the link and copy it instead.',
      variant: 'destructive',
    });
  }
}

/** One feed: its name, both forms of its URL with copy buttons, and 'New link'. */
function FeedRow({ feed, onRegenerate }: { feed: CalendarFeed; onRegenerate: () => void }) {
  return (
    <li className="cal-feed" data-feed={feed.kind}>
      <div className="cal-feed__head">
        <h4 className="cal-feed__name">
          {feed.kind === 'business' ? `All bookings – ${feed.name}` : feed.name}
        </h4>
        <Button variant="secondary" size="sm" onClick={onRegenerate}>
          New link
        </Button>
      </div>
      {(
        [
          ['Google Calendar and Outlook (https)', feed.httpsUrl, 'Feed link'],
          ['Apple Calendar (webcal)', feed.webcalUrl, 'Apple link'],
        ] as const
      ).map(([label, url, what]) => (
        <div key={label} className="cal-feed__url-row">
          <span className="cal-feed__label">{label}</span>
          <code className="cal-feed__url">{url}</code>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Copy ${label} link for ${feed.name}`}
            onClick={() => void copy(url, what)}
          >
            Copy
          </Button>
        </div>
      ))}
    </li>
  );
}

/**
 * Settings → Calendar Feeds (decision record 021): secret links to subscribe to the business's or
 * a staff member's bookings in Google, Apple or Outlook calendars, and a new link when one leaked.
 */
export function CalendarFeedsCard({ businessId }: { businessId: number }) {
  const feeds = useCalendarFeeds(businessId);
  const regenerate = useRegenerateFeed(businessId);
  const [asked, setAsked] = useState<CalendarFeed | null>(null);

  const confirm = () =>
    asked &&
    regenerate.mutate(asked.id, {
      onSuccess: () => {
        setAsked(null);
        toast({
          title: 'New link made',
          description: 'The old link no longer works. Subscribe again with the new one.',
          variant: 'success',
        });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description:
            (isApiError(error) ? error.serverMessage : null) ??
            'Failed to make a new link. Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <SectionCard
      id="calendar-feeds-title"
      title="Calendar Feeds"
      description="See your bookings in the calendar on your phone or computer. Each link is private: anyone who has it can read the bookings it shows, so share a staff member's link only with them."
    >
      <div className="cal-feeds__help">
        <p>
          <strong>Google Calendar:</strong> Other calendars → + → From URL, paste the https link.
        </p>
        <p>
          <strong>Apple Calendar:</strong> File → New Calendar Subscription (Mac) or Settings →
          Calendar → Accounts → Add Subscribed Calendar (iPhone), paste the webcal link.
        </p>
        <p>
          <strong>Outlook:</strong> Add calendar → Subscribe from web, paste the https link.
        </p>
        <p className="dash-muted">
          Calendar apps check feeds on their own schedule (Google every few hours, Apple and Outlook
          as often as you set): a new or moved booking can take that long to show. Cancelled
          bookings are removed. Feeds hold the last 30 days and the next 180.
        </p>
      </div>
      {feeds.isPending ? (
        <SkeletonList count={2} height={96} radius={10} />
      ) : feeds.isError ? (
        <Alert variant="danger" title="Could not load the calendar feeds">
          {feeds.error.message}
        </Alert>
      ) : (
        <ul className="cal-feeds">
          {feeds.data.feeds.map((f) => (
            <FeedRow key={f.id} feed={f} onRegenerate={() => setAsked(f)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!asked}
        onOpenChange={(open) => !open && setAsked(null)}
        title="Make a new link?"
        message={`The current link for ${asked?.name ?? 'this feed'} stops working at once, and calendars subscribed to it stop updating.`}
        confirmLabel="Make New Link"
        onConfirm={confirm}
        busy={regenerate.isPending}
      />
    </SectionCard>
  );
}
