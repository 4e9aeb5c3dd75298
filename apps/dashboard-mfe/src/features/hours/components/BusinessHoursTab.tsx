import { useState } from 'react';
import {
  type DayHours,
  HOURS_TIME_CHOICES,
  SLOT_DURATIONS,
  formatClockTime,
} from '@slotwise/contracts';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  Label,
  Skeleton,
  Switch,
  cx,
  toast,
} from '@slotwise/ui';
import { useSaveWeeklyHours, useWeeklyHours } from '../api';
import {
  DAY_NAMES,
  DISPLAY_ORDER,
  applyToAll,
  dayError,
  hasErrors,
  toDrafts,
  updateDay,
} from '../hours';

interface Choice {
  value: string;
  label: string;
}

/** Times every 30 minutes, shown 12-hour ('9:00 AM'). */
const TIME_CHOICES: Choice[] = HOURS_TIME_CHOICES.map((t) => ({
  value: t,
  label: formatClockTime(t),
}));
const DURATION_CHOICES: Choice[] = SLOT_DURATIONS.map((m) => ({
  value: String(m),
  label: `${m} minutes`,
}));

/** A labelled select; `errorId` names the error text that marks it invalid. */
function SelectField({
  id,
  label,
  value,
  choices,
  errorId,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: readonly Choice[];
  errorId?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="sw-field">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className="sw-select"
        value={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.target.value)}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DayCard({
  day,
  onChange,
  onApplyToAll,
}: {
  day: DayHours;
  onChange: (change: Partial<DayHours>) => void;
  onApplyToAll: () => void;
}) {
  const name = DAY_NAMES[day.dayOfWeek] ?? '';
  const error = dayError(day);
  const id = `hours-${day.dayOfWeek}`;
  return (
    <Card
      as="section"
      className={cx('dash-day', !day.isOpen && 'dash-day--closed')}
      aria-labelledby={`${id}-name`}
      data-day={name}
    >
      <CardBody className="dash-day__body">
        <div className="dash-day__head">
          <h3 id={`${id}-name`} className="dash-day__name">
            {name}
          </h3>
          <div className="dash-day__toggle">
            <Label htmlFor={`${id}-open`} className="dash-day__state">
              {day.isOpen ? 'Open' : 'Closed'}
            </Label>
            <Switch
              id={`${id}-open`}
              checked={day.isOpen}
              onCheckedChange={(isOpen) => onChange({ isOpen })}
              aria-label={`${name} open`}
            />
          </div>
        </div>
        {day.isOpen && (
          <>
            <div className="dash-day__fields">
              <SelectField
                id={`${id}-open-time`}
                label="Opening Time"
                value={day.openTime}
                choices={TIME_CHOICES}
                onChange={(openTime) => onChange({ openTime })}
              />
              <SelectField
                id={`${id}-close-time`}
                label="Closing Time"
                value={day.closeTime}
                choices={TIME_CHOICES}
                errorId={error ? `${id}-error` : undefined}
                onChange={(closeTime) => onChange({ closeTime })}
              />
              <SelectField
                id={`${id}-duration`}
                label="Appointment Duration"
                value={String(day.slotDuration)}
                choices={DURATION_CHOICES}
                onChange={(minutes) => onChange({ slotDuration: Number(minutes) })}
              />
            </div>
            {error && (
              <p id={`${id}-error`} className="sw-field__error" role="alert">
                {error}
              </p>
            )}
            <div>
              <Button variant="ghost" size="sm" onClick={onApplyToAll}>
                Apply to All Days
              </Button>
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}

function HoursEditor({ businessId, initial }: { businessId: number; initial: DayHours[] }) {
  const [days, setDays] = useState(initial);
  const save = useSaveWeeklyHours(businessId);
  const invalid = hasErrors(days);

  const onSave = () => {
    save.mutate(days, {
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
    });
  };

  return (
    <div className="sw-stack">
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
      <div className="dash-actions">
        {invalid && (
          <p className="dash-actions__note">Fix the highlighted days to save your hours.</p>
        )}
        <Button onClick={onSave} disabled={invalid} loading={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Business Hours'}
        </Button>
      </div>
    </div>
  );
}

/** Settings → Business Hours: seven real days, saved through the API. */
export function BusinessHoursTab({ businessId }: { businessId: number }) {
  const hours = useWeeklyHours(businessId);
  return (
    <Card as="section" aria-labelledby="hours-title">
      <CardBody className="sw-stack">
        <div id="hours-title">
          <CardHeader
            title="Business Hours"
            description="Set when customers can book. Times are in your business's time zone."
          />
        </div>
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
            initial={toDrafts(hours.data)}
          />
        )}
      </CardBody>
    </Card>
  );
}
