import { formatClockTime } from '@slotwise/contracts';

interface HoursRow {
  dayOfWeek: number;
  isOpen: boolean;
  intervals: readonly { openTime: string; closeTime: string }[];
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Australian weeks read Monday first in a summary. */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * 'Mon–Fri 9:00 AM – 5:00 PM, Sat 9:00 AM – 1:00 PM' from the weekly rows: consecutive open days
 * with the same hours are merged; a day with a break lists its intervals ('9:00 AM – 12:00 PM,
 * 1:00 PM – 5:00 PM' joined by ' & '). Null when closed all week (the directory then shows its
 * fallback).
 */
export function summarizeBusinessHours(rows: readonly HoursRow[]): string | null {
  const byDay = new Map(rows.map((r) => [r.dayOfWeek, r]));
  const groups: { first: number; last: number; hours: string }[] = [];
  let previousOpen = false;
  for (const day of DISPLAY_ORDER) {
    const row = byDay.get(day);
    if (!row?.isOpen || row.intervals.length === 0) {
      previousOpen = false;
      continue;
    }
    const hours = row.intervals
      .map((i) => `${formatClockTime(i.openTime)} – ${formatClockTime(i.closeTime)}`)
      .join(' & ');
    const last = groups.at(-1);
    if (previousOpen && last && last.hours === hours) last.last = day;
    else groups.push({ first: day, last: day, hours });
    previousOpen = true;
  }
  if (groups.length === 0) return null;
  return groups
    .map((g) =>
      g.first === g.last
        ? `${DAY_NAMES[g.first]} ${g.hours}`
        : `${DAY_NAMES[g.first]}–${DAY_NAMES[g.last]} ${g.hours}`,
    )
    .join(', ');
}
