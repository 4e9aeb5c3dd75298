import { HOURS_TIME_CHOICES, formatClockTime } from '@slotwise/contracts';
import { Button, PlusIcon, TrashIcon } from '@slotwise/ui';
import { type Choice, SelectField } from '../../owner';
import {
  type Interval,
  type IntervalTexts,
  OPENING_TEXTS,
  addBreak,
  breaksBetween,
  formatIntervals,
  intervalErrors,
} from '../intervals';

const clockLabel = (t: string) => (t === '24:00' ? 'Midnight (end of day)' : formatClockTime(t));

/** Every 15 minutes; a day opens before midnight ends it and closes after it starts. */
const OPEN_CHOICES: Choice[] = HOURS_TIME_CHOICES.filter((t) => t !== '24:00').map((t) => ({
  value: t,
  label: clockLabel(t),
}));
const CLOSE_CHOICES: Choice[] = HOURS_TIME_CHOICES.filter((t) => t !== '00:00').map((t) => ({
  value: t,
  label: clockLabel(t),
}));

/**
 * One day's hours as rows of opening and closing times: 'Add Break' splits the day's longest hours,
 * each row can be removed while another is left. Errors show under their row. The business's week,
 * a staff member's own week and a date's special hours all edit their hours with it.
 */
export function IntervalsEditor({
  id,
  name,
  intervals,
  texts = OPENING_TEXTS,
  onChange,
}: {
  /** Prefix of the controls' ids, unique on the page. */
  id: string;
  /** What the hours belong to, read out on the buttons: 'Monday', '5 Mar 2027'. */
  name: string;
  intervals: readonly Interval[];
  texts?: IntervalTexts;
  onChange: (intervals: Interval[]) => void;
}) {
  const errors = intervalErrors(intervals, texts);
  const withBreak = addBreak(intervals);
  const breaks = breaksBetween(intervals);
  const addLabel = intervals.length === 0 ? 'Add Hours' : 'Add Break';
  const change = (index: number, patch: Partial<Interval>) =>
    onChange(intervals.map((i, n) => (n === index ? { ...i, ...patch } : i)));

  return (
    <div className="dash-intervals">
      {intervals.map((interval, index) => {
        const rowId = `${id}-${index}`;
        const error = errors[index];
        const errorId = error ? `${rowId}-error` : undefined;
        const suffix = index === 0 ? '' : ` ${index + 1}`;
        return (
          <div key={index} className="dash-interval" data-interval={index}>
            <div className="dash-interval__row">
              <SelectField
                id={`${rowId}-open`}
                className="dash-interval__time"
                label={`${texts.open}${suffix}`}
                hideLabel={index > 0}
                value={interval.openTime}
                choices={OPEN_CHOICES}
                errorId={error?.field === 'openTime' ? errorId : undefined}
                onChange={(openTime) => change(index, { openTime })}
              />
              <SelectField
                id={`${rowId}-close`}
                className="dash-interval__time"
                label={`${texts.close}${suffix}`}
                hideLabel={index > 0}
                value={interval.closeTime}
                choices={CLOSE_CHOICES}
                errorId={error?.field === 'closeTime' ? errorId : undefined}
                onChange={(closeTime) => change(index, { closeTime })}
              />
              {intervals.length > 1 && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="dash-interval__remove"
                  aria-label={`Remove ${name} ${formatIntervals([interval])}`}
                  onClick={() => onChange(intervals.filter((_, n) => n !== index))}
                >
                  <TrashIcon />
                </Button>
              )}
            </div>
            {error && (
              <p id={errorId} className="sw-field__error" role="alert">
                {error.message}
              </p>
            )}
          </div>
        );
      })}
      <div className="dash-intervals__foot sw-row sw-row--spread">
        {breaks.length > 0 && (
          <p className="dash-intervals__breaks">
            {breaks.length === 1 ? 'Break' : 'Breaks'}: {breaks.join(', ')}
          </p>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="dash-intervals__add"
          disabled={withBreak === null}
          aria-label={`${addLabel} on ${name}`}
          onClick={() => withBreak && onChange(withBreak)}
        >
          <PlusIcon />
          {addLabel}
        </Button>
      </div>
    </div>
  );
}
