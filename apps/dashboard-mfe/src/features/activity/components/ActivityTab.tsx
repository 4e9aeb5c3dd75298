import { useState } from 'react';
import { type ActivityEntry, actorLabel, formatActivityTime } from '@slotwise/contracts';
import { Alert, Button, Card, CardBody, EmptyState, SkeletonList } from '@slotwise/ui';
import { SectionHead } from '../../owner';
import { useActivityPage } from '../api';
import '../activity.css';

const SUBJECTS: Record<ActivityEntry['subject'], string> = {
  appointment: 'Appointment',
  hours: 'Hours',
  service: 'Service',
  staff: 'Staff',
  member: 'Team',
};

function Row({ entry, timeZone }: { entry: ActivityEntry; timeZone: string }) {
  return (
    <li className="dash-activity__row" data-activity-id={entry.id}>
      <span className="dash-activity__subject">{SUBJECTS[entry.subject]}</span>
      <span className="dash-activity__what">
        {entry.summary}
        {entry.subject === 'appointment' && entry.subjectId ? ` (#${entry.subjectId})` : ''}
      </span>
      <span className="dash-muted dash-activity__who">
        by {actorLabel(entry.actor)} · {formatActivityTime(entry.at, timeZone)}
      </span>
    </li>
  );
}

/**
 * One page of the log, and the button for the next. Each page is its own query, so loading older
 * entries keeps the ones shown.
 */
function ActivityPageList({
  businessId,
  timeZone,
  before,
  onMore,
  first,
}: {
  businessId: number;
  timeZone: string;
  before: number | null;
  onMore: ((before: number) => void) | null;
  first: boolean;
}) {
  const page = useActivityPage(businessId, before);
  if (page.isPending) {
    return <SkeletonList count={3} height={44} radius={10} label="Loading activity" />;
  }
  if (page.isError) {
    return (
      <Alert variant="danger" title="Could not load the activity">
        {page.error.message}{' '}
        <Button variant="secondary" size="sm" onClick={() => void page.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { entries, nextBefore } = page.data;
  if (first && entries.length === 0) {
    return (
      <EmptyState
        className="dash-empty"
        description="Nothing has changed yet. Bookings, hours, services and staff changes will be listed here with who made them."
      />
    );
  }
  return (
    <>
      <ol className="sw-list dash-activity" aria-label="Activity">
        {entries.map((e) => (
          <Row key={e.id} entry={e} timeZone={timeZone} />
        ))}
      </ol>
      {nextBefore !== null && onMore && (
        <Button variant="secondary" onClick={() => onMore(nextBefore)}>
          Show older
        </Button>
      )}
    </>
  );
}

/** Settings → Activity: who changed what in the business, newest first. */
export function ActivityTab({ businessId, timeZone }: { businessId: number; timeZone: string }) {
  // The cursors of the pages shown: null for the newest, then each older page's `before`.
  const [pages, setPages] = useState<(number | null)[]>([null]);
  return (
    <Card as="section">
      <CardBody className="sw-stack">
        <SectionHead
          title="Activity"
          description="Who booked, moved or cancelled appointments and changed hours, services or staff."
        />
        {pages.map((before, i) => (
          <ActivityPageList
            key={before ?? 'newest'}
            businessId={businessId}
            timeZone={timeZone}
            before={before}
            first={i === 0}
            onMore={i === pages.length - 1 ? (next) => setPages((shown) => [...shown, next]) : null}
          />
        ))}
      </CardBody>
    </Card>
  );
}
