import { type MouseEvent, useCallback, useMemo, useRef } from 'react';
import { type Availability, type OwnerAppointment } from '@slotwise/contracts';
import { cx } from '@slotwise/ui';
import { customerName } from '../appointments';
import {
  type CalendarViewProps,
  FALLBACK_HOURS,
  dayLabel,
  dayOfMonth,
  openingIntervals,
  type DayExceptions,
  weekdayLabel,
} from '../calendar';
import { localParts } from '../../owner';
import { type MoveTarget } from '../diary';
import { type Lane, clockText, useMoveGesture } from '../useMoveGesture';
import { AppointmentChip } from './AppointmentChip';
import { type NewAppointmentPrefill } from './NewAppointmentDialog';

/**
 * Seven columns from Sunday, today highlighted, 'No appointments' on an empty day. A click on a
 * day's free space (or its + button) books on that day; a booking dragged to another day (or
 * moved with the keys) is moved there once the owner confirms, the time then chosen in the
 * question.
 */
export function CalendarWeekView({
  days,
  today,
  perDay,
  timeZone,
  onOpen,
  weeklyHours,
  exceptions,
  staffId,
  onNew,
  onPropose,
}: CalendarViewProps & {
  days: readonly string[];
  today: string;
  weeklyHours: readonly Availability[] | undefined;
  /** Closures and special hours, which override the weekly hours on their dates. */
  exceptions?: DayExceptions;
  /** The staff member the toolbar shows (a new booking goes to them), or null. */
  staffId: number | null;
  onNew: (prefill: NewAppointmentPrefill) => void;
  onPropose: (a: OwnerAppointment, target: MoveTarget) => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const lanes = useMemo<Lane[]>(
    () => days.map((d) => ({ key: d, day: d, staff: { kind: 'keep' }, label: dayLabel(d) })),
    [days],
  );
  const placeAt = useCallback((x: number, y: number, target: EventTarget | null) => {
    const under = document.elementFromPoint?.(x, y) ?? (target as Element | null);
    const section = under?.closest?.('[data-day]');
    if (!section || !root.current?.contains(section)) return null;
    return { lane: (section as HTMLElement).dataset.day!, minutes: null };
  }, []);
  const gesture = useMoveGesture({
    lanes,
    laneOf: (a) => localParts(a.date, timeZone).day,
    timeZone,
    placeAt,
    onPropose,
  });
  const preview = gesture.preview;

  const opening = (day: string) =>
    openingIntervals(weeklyHours, day, exceptions)[0]?.start ?? FALLBACK_HOURS.start;
  const open = (a: OwnerAppointment) => {
    if (!gesture.isDragClick()) onOpen(a);
  };
  const book = (e: MouseEvent<HTMLElement>, day: string) => {
    if (gesture.isDragClick() || (e.target as Element).closest('button')) return;
    onNew({ day, minutes: opening(day), staffId });
  };

  return (
    <>
      <div
        ref={root}
        className={cx('dash-cal-week', preview && !preview.keys && 'dash-cal--dragging')}
        {...gesture.surfaceProps}
      >
        {days.map((day) => {
          const list = perDay.get(day) ?? [];
          const ghost = preview?.lane === day ? preview : null;
          return (
            <section
              key={day}
              data-day={day}
              className={cx(
                'dash-cal-week__day',
                day === today && 'dash-cal--today',
                ghost && 'dash-cal--target',
              )}
              aria-label={`${weekdayLabel(day)} ${dayOfMonth(day)}`}
              {...(day === today ? { 'aria-current': 'date' as const } : {})}
              onClick={(e) => book(e, day)}
            >
              <div className="dash-cal-week__top">
                <h4 className="dash-cal-week__head">
                  {weekdayLabel(day)} <span>{dayOfMonth(day)}</span>
                </h4>
                <button
                  type="button"
                  className="dash-cal-week__add"
                  aria-label={`New appointment on ${dayLabel(day)}`}
                  title="New appointment"
                  onClick={() => onNew({ day, minutes: opening(day), staffId })}
                >
                  +
                </button>
              </div>
              {list.length === 0 && !ghost ? (
                <p className="dash-muted dash-cal-week__none">No appointments</p>
              ) : (
                list.map((a) => (
                  <AppointmentChip
                    key={a.id}
                    appointment={a}
                    timeZone={timeZone}
                    onOpen={open}
                    move={a.status === 'cancelled' ? undefined : gesture.chipProps(a)}
                  />
                ))
              )}
              {ghost && (
                <div className="dash-chip dash-chip--ghost" aria-hidden="true">
                  <span className="dash-chip__time">{clockText(ghost.minutes)}</span>{' '}
                  <span className="dash-chip__name">{customerName(ghost.appointment)}</span>
                </div>
              )}
            </section>
          );
        })}
      </div>
      <p className="sw-visually-hidden" aria-live="assertive">
        {gesture.announcement}
      </p>
    </>
  );
}
