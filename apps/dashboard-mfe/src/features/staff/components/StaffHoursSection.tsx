import { type Availability } from '@slotwise/contracts';
import { cx } from '@slotwise/ui';
import {
  DAY_NAMES,
  DayEditor,
  DISPLAY_ORDER,
  formatIntervals,
  savedIntervals,
  updateDay,
  WORKING_TEXTS,
} from '../../hours';
import { type StaffDayDraft, type StaffHoursDraft } from '../staff-hours';

const SHORT_DAY = (dow: number) => (DAY_NAMES[dow] ?? '').slice(0, 3);

/** The business's week in short lines: 'Mon 9:00 AM – 5:00 PM', 'Sun Closed'. */
function BusinessWeek({ hours }: { hours: readonly Availability[] | undefined }) {
  if (!hours) return null;
  return (
    <ul className="dash-week-summary" aria-label="Business hours">
      {DISPLAY_ORDER.map((dow) => {
        const day = hours.find((d) => d.dayOfWeek === dow);
        const text =
          day?.isOpen && savedIntervals(day).length > 0
            ? formatIntervals(savedIntervals(day))
            : 'Closed';
        return (
          <li key={dow}>
            <span className="dash-week-summary__day">{SHORT_DAY(dow)}</span>
            <span className={cx(text === 'Closed' && 'dash-muted')}>{text}</span>
          </li>
        );
      })}
    </ul>
  );
}

function StaffDayRow({
  day,
  staffName,
  onChange,
}: {
  day: StaffDayDraft;
  staffName: string;
  onChange: (change: Partial<StaffDayDraft>) => void;
}) {
  const name = DAY_NAMES[day.dayOfWeek] ?? '';
  const id = `staff-hours-${day.dayOfWeek}`;
  return (
    <div className={cx('dash-staff-day', !day.isOpen && 'dash-staff-day--off')} data-day={name}>
      <DayEditor
        id={id}
        name={name}
        day={day}
        head={{
          className: 'dash-staff-day__head',
          title: (
            <span className="dash-staff-day__name" id={`${id}-name`}>
              {name}
            </span>
          ),
        }}
        toggle={{
          id: `${id}-on`,
          onText: 'Working',
          offText: 'Off',
          label: `${staffName} works on ${name}`,
        }}
        texts={WORKING_TEXTS}
        onChange={onChange}
      />
    </div>
  );
}

/**
 * The staff dialog's 'Working hours': the business's hours, or the person's own week, edited with
 * the same day editor as the business's (a person is bookable inside both).
 */
export function StaffHoursSection({
  staffName,
  draft,
  businessHours,
  onChange,
  ownHoursOnly = false,
}: {
  staffName: string;
  draft: StaffHoursDraft;
  businessHours: readonly Availability[] | undefined;
  onChange: (draft: StaffHoursDraft) => void;
  /** The person's own week only, without the choice of the business's (a staff request). */
  ownHoursOnly?: boolean;
}) {
  const choice = (ownHours: boolean, label: string, hint: string) => (
    <label className={cx('dash-choice', draft.ownHours === ownHours && 'dash-choice--on')}>
      <input
        type="radio"
        name="staff-hours-kind"
        checked={draft.ownHours === ownHours}
        // The whole card is the label; the input is named by its title, described by its hint.
        aria-label={label}
        aria-describedby={`staff-hours-${ownHours ? 'own' : 'same'}-hint`}
        onChange={() => onChange({ ...draft, ownHours })}
      />
      <span>
        <span className="dash-choice__label">{label}</span>
        <span className="dash-choice__hint" id={`staff-hours-${ownHours ? 'own' : 'same'}-hint`}>
          {hint}
        </span>
      </span>
    </label>
  );
  return (
    <fieldset className="dash-fieldset dash-staff-hours">
      <legend className="sw-label">Working hours</legend>
      {!ownHoursOnly && (
        <div className="dash-choices">
          {choice(false, 'Same as business hours', 'Bookable whenever the business is open.')}
          {choice(true, 'Own hours', 'Bookable only on the days and times set here.')}
        </div>
      )}
      {draft.ownHours ? (
        <div className="dash-staff-days">
          <p className="dash-muted dash-small">
            Customers can book {staffName} only when both they work and the business is open.
          </p>
          {DISPLAY_ORDER.map((dow) => {
            const day = draft.days.find((d) => d.dayOfWeek === dow);
            if (!day) return null;
            return (
              <StaffDayRow
                key={dow}
                day={day}
                staffName={staffName}
                onChange={(change) =>
                  onChange({ ...draft, days: updateDay(draft.days, dow, change) })
                }
              />
            );
          })}
        </div>
      ) : (
        <BusinessWeek hours={businessHours} />
      )}
    </fieldset>
  );
}
