// Zod-free: the dashboard's history lines and Activity rows.
import type { Actor, BookingChangeKind } from './activity.js';
import { formatTime } from './format.js';

const VERBS: Record<BookingChangeKind, string> = {
  created: 'Booked',
  moved: 'Moved',
  cancelled: 'Cancelled',
  status: 'Status changed',
  no_show: 'Marked no-show',
  notes: 'Notes changed',
  fee: 'Fee charged',
};

/** The name an actor goes by in a sentence: 'Mia', 'Jo Citizen (customer)', 'Slotwise'. */
export function actorLabel(actor: Actor): string {
  return actor.kind === 'customer' ? `${actor.name} (customer)` : actor.name;
}

/** 'Tue 5 Jan, 3:12 PM' in the business's zone. */
export function formatActivityTime(instant: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
    .format(new Date(instant))
    .replace(',', '');
  return `${day}, ${formatTime(instant, timeZone)}`;
}

const STATUS_WORDS: Record<string, string> = {
  confirmed: 'Confirmed',
  completed: 'Marked completed',
  pending: 'Marked pending',
};

/** One history entry as the appointment dialog shows it: 'Moved by Mia, Tue 5 Jan, 3:12 PM'. */
export function historyLine(
  entry: { kind: BookingChangeKind; actor: Actor; at: string; details: Record<string, unknown> },
  timeZone: string,
): string {
  const verb =
    entry.kind === 'status'
      ? (STATUS_WORDS[String(entry.details.status)] ?? VERBS.status)
      : VERBS[entry.kind];
  return `${verb} by ${actorLabel(entry.actor)}, ${formatActivityTime(entry.at, timeZone)}`;
}
