import { AffectedBookingsDialog, useAffectedBookings } from '../../hours';
import { type ReactNode, useState } from 'react';
import { type Business, type PublicHoliday, todayInZone } from '@slotwise/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CalendarIcon,
  EmptyState,
  PlusIcon,
  Skeleton,
  TrashIcon,
  toast,
} from '@slotwise/ui';
import { REGION_NAMES, SectionHead } from '../../owner';
import { useClosureMutation, useClosures, useHolidays, useSpecialHours } from '../api';
import {
  closureDates,
  dayText,
  specialHoursText,
  upcomingClosures,
  upcomingSpecialHours,
} from '../closures';
import { ClosureDialog, SpecialHoursDialog } from './ClosureDialogs';

/** A list's loading, failure and empty states around its rows. */
function ListBody<T>({
  query,
  rows,
  errorTitle,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: { message: string } | null };
  rows: readonly T[];
  errorTitle: string;
  empty: string;
  children: (rows: readonly T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="sw-stack" aria-busy="true">
        <Skeleton height={52} radius={10} />
        <Skeleton height={52} radius={10} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="danger" title={errorTitle}>
        {query.error?.message}
      </Alert>
    );
  }
  if (rows.length === 0) return <EmptyState className="dash-empty" description={empty} />;
  return <>{children(rows)}</>;
}

/** One dated row: what, when, and its delete button. */
function DatedRow({
  title,
  detail,
  deleteLabel,
  busy,
  onDelete,
  data,
}: {
  title: string;
  detail: string | null;
  deleteLabel: string;
  busy: boolean;
  onDelete: () => void;
  data: Record<string, string>;
}) {
  return (
    <li className="dash-dated" {...data}>
      <span className="dash-dated__icon" aria-hidden="true">
        <CalendarIcon />
      </span>
      <div className="dash-dated__main">
        <p className="dash-dated__title">{title}</p>
        {detail && <p className="dash-dated__detail">{detail}</p>}
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={deleteLabel}
        disabled={busy}
        onClick={onDelete}
      >
        <TrashIcon />
      </Button>
    </li>
  );
}

function HolidayRow({
  holiday,
  busy,
  onClose,
}: {
  holiday: PublicHoliday;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <li className="dash-dated" data-holiday={holiday.date}>
      <div className="dash-dated__main">
        <p className="dash-dated__title">{holiday.name}</p>
        <p className="dash-dated__detail">{dayText(holiday.date)}</p>
      </div>
      {holiday.closed ? (
        <Badge variant="success">Closed</Badge>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          aria-label={`Close on ${holiday.name}, ${dayText(holiday.date)}`}
          onClick={onClose}
        >
          Close
        </Button>
      )}
    </li>
  );
}

/**
 * Settings → Closures: closed dates, one-date special hours and the state's public holidays, each
 * change asked about the bookings it would leave outside the hours before it is saved.
 */
export function ClosuresTab({ business }: { business: Business }) {
  const businessId = business.id;
  const today = todayInZone(business.timeZone);
  const closures = useClosures(businessId);
  const special = useSpecialHours(businessId);
  const holidays = useHolidays(businessId, business.region);
  const mutation = useClosureMutation(businessId);
  const affected = useAffectedBookings(businessId, business.timeZone);
  const [adding, setAdding] = useState<'closure' | 'special' | null>(null);
  // A fresh form each time a dialog opens.
  const [dialogKey, setDialogKey] = useState(0);
  const open = (which: 'closure' | 'special') => {
    setDialogKey((k) => k + 1);
    setAdding(which);
  };
  const busy = mutation.isPending || affected.checking;

  const done = (title: string, description: string) => () =>
    toast({ title, description, variant: 'success' });
  const failed = (description: string) => () =>
    toast({ title: 'Error', description, variant: 'destructive' });

  const closeOn = (holiday: PublicHoliday) =>
    affected.guard(
      { kind: 'closure', from: holiday.date, to: holiday.date },
      () =>
        mutation.mutate(
          {
            kind: 'add-closure',
            body: { from: holiday.date, to: holiday.date, reason: holiday.name },
          },
          {
            onSuccess: done(
              'Closure Added',
              `Closed on ${holiday.name}, ${dayText(holiday.date)}.`,
            ),
            onError: failed('Failed to add the closure. Please try again.'),
          },
        ),
      'Close Anyway',
    );

  // The weekday's hours come back, which can leave bookings outside them (special hours that
  // opened a closed day or stayed open late): asked about first, like every other change.
  const removeSpecialHours = (date: string) =>
    affected.guard(
      { kind: 'special-hours', date, intervals: null },
      () =>
        mutation.mutate(
          { kind: 'remove-special-hours', date },
          {
            onSuccess: done(
              'Special Hours Removed',
              `${dayText(date)} has its weekday's hours again.`,
            ),
            onError: failed('Failed to remove the special hours. Please try again.'),
          },
        ),
      'Remove Anyway',
    );

  const dialogProps = {
    businessId,
    today,
    guard: affected.guard,
    checking: affected.checking,
    onOpenChange: (next: boolean) => !next && setAdding(null),
  };

  return (
    <div className="sw-stack">
      <Card as="section" aria-label="Closures">
        <CardBody className="sw-stack">
          <SectionHead
            title="Closures"
            description="Dates the business is closed. Customers can't book them."
          >
            <Button onClick={() => open('closure')}>
              <PlusIcon />
              Add Closure
            </Button>
          </SectionHead>
          <ListBody
            query={closures}
            rows={closures.data ? upcomingClosures(closures.data, today) : []}
            errorTitle="Could not load your closures"
            empty="No upcoming closures."
          >
            {(rows) => (
              <ul className="dash-dated-list sw-list" aria-label="Upcoming closures">
                {rows.map((c) => (
                  <DatedRow
                    key={c.id}
                    data={{ 'data-closure': c.from }}
                    title={closureDates(c)}
                    detail={c.reason}
                    busy={busy}
                    deleteLabel={`Delete closure ${closureDates(c)}`}
                    onDelete={() =>
                      mutation.mutate(
                        { kind: 'remove-closure', id: c.id },
                        {
                          onSuccess: done('Closure Removed', `Open again ${closureDates(c)}.`),
                          onError: failed('Failed to remove the closure. Please try again.'),
                        },
                      )
                    }
                  />
                ))}
              </ul>
            )}
          </ListBody>
        </CardBody>
      </Card>

      <Card as="section" aria-label="Special Hours">
        <CardBody className="sw-stack">
          <SectionHead
            title="Special Hours"
            description="Other hours for one date, such as late-night trading or a short day."
          >
            <Button variant="secondary" onClick={() => open('special')}>
              <PlusIcon />
              Add Special Hours
            </Button>
          </SectionHead>
          <ListBody
            query={special}
            rows={special.data ? upcomingSpecialHours(special.data, today) : []}
            errorTitle="Could not load your special hours"
            empty="No upcoming special hours."
          >
            {(rows) => (
              <ul className="dash-dated-list sw-list" aria-label="Upcoming special hours">
                {rows.map((s) => (
                  <DatedRow
                    key={s.id}
                    data={{ 'data-special-hours': s.date }}
                    title={dayText(s.date)}
                    detail={[specialHoursText(s), s.reason].filter(Boolean).join(' · ')}
                    busy={busy}
                    deleteLabel={`Delete special hours ${dayText(s.date)}`}
                    onDelete={() => removeSpecialHours(s.date)}
                  />
                ))}
              </ul>
            )}
          </ListBody>
        </CardBody>
      </Card>

      <Card as="section" aria-label="Public Holidays">
        <CardBody className="sw-stack">
          <SectionHead
            title="Public Holidays"
            description={`${REGION_NAMES[business.region]}'s public holidays in the next 12 months. Close on one with a click; change the state under General → Booking Window.`}
          />
          <ListBody
            query={holidays}
            rows={holidays.data ?? []}
            errorTitle="Could not load the public holidays"
            empty="No public holidays in the next 12 months."
          >
            {(rows) => (
              <ul className="dash-dated-list sw-list" aria-label="Public holidays">
                {rows.map((h) => (
                  <HolidayRow key={h.date} holiday={h} busy={busy} onClose={() => closeOn(h)} />
                ))}
              </ul>
            )}
          </ListBody>
        </CardBody>
      </Card>

      <ClosureDialog key={`closure-${dialogKey}`} open={adding === 'closure'} {...dialogProps} />
      <SpecialHoursDialog
        key={`special-${dialogKey}`}
        open={adding === 'special'}
        {...dialogProps}
      />
      <AffectedBookingsDialog {...affected.dialog} />
    </div>
  );
}
