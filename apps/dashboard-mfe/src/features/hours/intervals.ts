import {
  type OpeningInterval,
  clockMinutes,
  clockText,
  formatClockTime,
} from '@slotwise/contracts';

/** The hours a day is open, or a person works: 'HH:MM' pairs, 24:00 being the day's end. */
export type Interval = OpeningInterval;

export const DEFAULT_INTERVAL: Interval = { openTime: '09:00', closeTime: '17:00' };

/** The words of one editor: the business's opening hours, or a person's working hours. */
export interface IntervalTexts {
  open: string;
  close: string;
  closeNotAfterOpen: string;
}

export const OPENING_TEXTS: IntervalTexts = {
  open: 'Opening Time',
  close: 'Closing Time',
  closeNotAfterOpen: 'Closing time must be after opening time',
};

export const WORKING_TEXTS: IntervalTexts = {
  open: 'Start Time',
  close: 'Finish Time',
  closeNotAfterOpen: 'Finishing time must be after starting time',
};

export const OVERLAPPING = 'This overlaps other hours of the day';

/** One row's problem: which of its two times is wrong, and why. */
export interface IntervalError {
  field: 'openTime' | 'closeTime';
  message: string;
}

/**
 * Each row's first problem (null when fine): a closing time not after the opening time, or hours
 * that overlap another row's. Rows may be out of order while the owner edits; they are sorted when
 * saved, so only a real overlap is an error.
 */
export function intervalErrors(
  intervals: readonly Interval[],
  texts: IntervalTexts = OPENING_TEXTS,
): (IntervalError | null)[] {
  const spans = intervals.map((i) => [clockMinutes(i.openTime), clockMinutes(i.closeTime)]);
  return spans.map(([open = 0, close = 0], index) => {
    if (close <= open) return { field: 'closeTime', message: texts.closeNotAfterOpen };
    const overlaps = spans.some(
      ([o = 0, c = 0], other) => other !== index && c > o && open < c && o < close,
    );
    return overlaps ? { field: 'openTime', message: OVERLAPPING } : null;
  });
}

export function hasIntervalErrors(intervals: readonly Interval[]): boolean {
  return intervalErrors(intervals).some((e) => e !== null);
}

/** In order of opening, as the API keeps them. */
export function sortIntervals(intervals: readonly Interval[]): Interval[] {
  return [...intervals].sort((a, b) => clockMinutes(a.openTime) - clockMinutes(b.openTime));
}

const length = (i: Interval) => clockMinutes(i.closeTime) - clockMinutes(i.openTime);

/**
 * 'Add Break': the longest hours of the day are split around their middle, an hour's break on the
 * hour when they are long enough (9:00–17:00 → 9:00–12:00 and 13:00–17:00), a shorter one on the
 * quarter-hour otherwise. A day without hours gets the usual 9:00–17:00. Null: no room for one.
 */
export function addBreak(intervals: readonly Interval[]): Interval[] | null {
  if (intervals.length === 0) return [DEFAULT_INTERVAL];
  const sorted = sortIntervals(intervals);
  const longest = sorted.reduce((a, b) => (length(b) > length(a) ? b : a));
  const span = length(longest);
  if (span < 45) return null;
  const gap = span >= 120 ? 60 : span >= 60 ? 30 : 15;
  const open = clockMinutes(longest.openTime);
  const close = clockMinutes(longest.closeTime);
  const middle = Math.floor((open + close) / 2 - gap / 2);
  const onTheHour = Math.floor(middle / 60) * 60;
  const quarter = Math.floor(middle / 15) * 15;
  const start =
    gap === 60 && onTheHour > open && onTheHour + gap < close
      ? onTheHour
      : Math.max(open + 15, Math.min(quarter, close - gap - 15));
  return sorted.flatMap((i) =>
    i === longest
      ? [
          { openTime: i.openTime, closeTime: clockText(start) },
          { openTime: clockText(start + gap), closeTime: i.closeTime },
        ]
      : [i],
  );
}

/** '9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM' (24:00 reads 'midnight'). */
export function formatIntervals(intervals: readonly Interval[]): string {
  const time = (t: string) => (t === '24:00' ? 'midnight' : formatClockTime(t));
  return sortIntervals(intervals)
    .map((i) => `${time(i.openTime)} – ${time(i.closeTime)}`)
    .join(', ');
}

/** The breaks between the hours, for the editor's hint: '12:00 PM – 1:00 PM'. */
export function breaksBetween(intervals: readonly Interval[]): string[] {
  const sorted = sortIntervals(intervals);
  const breaks: string[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    const from = sorted[i - 1]!.closeTime;
    const to = sorted[i]!.openTime;
    if (clockMinutes(to) > clockMinutes(from))
      breaks.push(formatIntervals([{ openTime: from, closeTime: to }]));
  }
  return breaks;
}
