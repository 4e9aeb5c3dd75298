import '../schedule.css';
import { useState } from 'react';
import { DEFAULT_SLOT_INTERVAL, SLOT_INTERVALS } from '@slotwise/contracts';
import { Alert, Button, Card, CardBody, Skeleton, cx, toast } from '@slotwise/ui';
import { type Choice, SectionCard, SelectField, zoneLabel } from '../../owner';
import { useSaveWeeklyHours, useWeeklyHours } from '../api';
import {
  DAY_NAMES,
  DISPLAY_ORDER,
  type DayDraft,
  applyToAll,
  dayInvalid,
  hasErrors,
  toDrafts,
  toRequest,
  updateDay,
} from '../hours';
import { DayEditor } from './DayEditor';
import { useAffectedBookings } from '../useAffectedBookings';
import { AffectedBookingsDialog } from './AffectedBookingsDialog';

const INTERVAL_CHOICES: Choice[] = SLOT_INTERVALS.map((m) => ({
  value: String(m),
  label: `Every ${m} minutes`,
}));

/** The week's slot interval: the open days' step when it is one of the choices, else 30. */
function initialInterval(days: readonly DayDraft[]): number {
  const step = days.find((d) => d.isOpen)?.slotDuration;
  return step !== undefined && (SLOT_INTERVALS as readonly number[]).includes(step)
    ? step
    : DEFAULT_SLOT_INTERVAL;
}

function DayCard({
  day,
  onChange,
  onApplyToAll,
}: {
  day: DayDraft;
  onChange: (change: Partial<DayDraft>) => void;
  onApplyToAll: () => void;
}) {
  const name = DAY_NAMES[day.dayOfWeek] ?? '';
  const id = `hours-${day.dayOfWeek}`;
  return (
    <Card
      as="section"
      className={cx('dash-day', !day.isOpen && 'dash-day--closed')}
      aria-labelledby={`${id}-name`}
      data-day={name}
    >
      <CardBody className="dash-day__body">
        <DayEditor
          id={id}
          name={name}
          day={day}
          head={{
            className: 'dash-day__head',
            title: (
              <h3 id={`${id}-name`} className="dash-day__name">
                {name}
              </h3>
            ),
          }}
          toggle={{ id: `${id}-open`, onText: 'Open', offText: 'Closed', label: `${name} open` }}
          onChange={onChange}
        >
          <div>
            <Button variant="ghost" size="sm" onClick={onApplyToAll}>
              Apply to All Days
            </Button>
          </div>
        </DayEditor>
      </CardBody>
    </Card>
  );
}

function HoursEditor({
  businessId,
  timeZone,
  initial,
}: {
  businessId: number;
  timeZone: string;
  initial: DayDraft[];
}) {
  const [days, setDays] = useState(initial);
  const [interval, setInterval] = useState(() => initialInterval(initial));
  const save = useSaveWeeklyHours(businessId);
  const affected = useAffectedBookings(businessId, timeZone);
  const invalid = hasErrors(days);
  const busy = save.isPending || affected.checking;

  const onSave = () => {
    // One step for the whole week: the API takes it as the business's slot interval.
    const body = toRequest(days).map((d) => ({ ...d, slotDuration: interval }));
    affected.guard({ kind: 'weekly-hours', days: body }, () =>
      save.mutate(body, {
        onSuccess: () =>
          toast({
            title: 'Business Hours Saved',
            description: 'Your business hours have been updated.',
            variant: 'success',
          }),
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to save business hours. Please try again.',
            variant: 'destructive',
          }),
      }),
    );
  };

  return (
    <div className="sw-stack">
      <SelectField
        id="hours-interval"
        label="Start times every"
        hint="How often customers can start an appointment, whatever its length."
        value={String(interval)}
        choices={INTERVAL_CHOICES}
        onChange={(minutes) => setInterval(Number(minutes))}
      />
      <div className="dash-days">
        {DISPLAY_ORDER.map((dow) => {
          const day = days.find((d) => d.dayOfWeek === dow);
          if (!day) return null;
          return (
            <DayCard
              key={dow}
              day={day}
              onChange={(change) => setDays((all) => updateDay(all, dow, change))}
              onApplyToAll={() => {
                setDays((all) => applyToAll(all, dow));
                toast({
                  title: 'Hours Applied',
                  description: `${DAY_NAMES[dow]}'s hours now apply to every day. Save to keep them.`,
                });
              }}
            />
          );
        })}
      </div>
      <div className="dash-actions sw-row sw-row--end">
        {invalid && (
          <p className="dash-actions__note">
            Fix the hours of{' '}
            {DISPLAY_ORDER.filter((dow) => days.some((d) => d.dayOfWeek === dow && dayInvalid(d)))
              .map((dow) => DAY_NAMES[dow])
              .join(', ')}{' '}
            to save.
          </p>
        )}
        <Button onClick={onSave} disabled={invalid || busy} loading={busy}>
          {save.isPending ? 'Saving…' : 'Save Business Hours'}
        </Button>
      </div>
      <AffectedBookingsDialog {...affected.dialog} />
    </div>
  );
}

/** Settings → Business Hours: seven real days, each with its opening hours and breaks. */
export function BusinessHoursTab({
  businessId,
  timeZone,
}: {
  businessId: number;
  timeZone: string;
}) {
  const hours = useWeeklyHours(businessId);
  return (
    <SectionCard
      id="hours-title"
      title="Business Hours"
      description={`Set when customers can book; add a break to close for lunch. Times are in your business's time zone (${zoneLabel(timeZone)}).`}
      bodyClassName="dash-hours"
    >
      {hours.isPending ? (
        <div className="dash-days" aria-busy="true">
          {DISPLAY_ORDER.map((d) => (
            <Skeleton key={d} height={150} radius={14} />
          ))}
        </div>
      ) : hours.isError ? (
        <Alert variant="danger" title="Could not load your business hours">
          {hours.error.message}
        </Alert>
      ) : (
        <HoursEditor
          key={hours.dataUpdatedAt}
          businessId={businessId}
          timeZone={timeZone}
          initial={toDrafts(hours.data)}
        />
      )}
    </SectionCard>
  );
}
