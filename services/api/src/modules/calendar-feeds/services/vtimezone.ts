import { Temporal } from 'temporal-polyfill';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** '+1100' from an offset in nanoseconds. */
function offsetText(ns: number): string {
  const minutes = Math.round(ns / 60e9);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

/** A wall-clock time as iCalendar writes a local DATE-TIME: 20270404T030000. */
function localText(t: Temporal.PlainDateTime): string {
  return `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
}

/** The zone's short name at an instant ('AEDT'), or null when Intl has only a GMT offset. */
function abbreviation(timeZone: string, epochMs: number): string | null {
  const name = new Intl.DateTimeFormat('en-AU', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(epochMs))
    .find((p) => p.type === 'timeZoneName')?.value;
  return name && !/^(GMT|UTC)/.test(name) ? name : null;
}

/**
 * The VTIMEZONE of an IANA zone (RFC 5545 3.6.5) covering [from, to]: one STANDARD or DAYLIGHT
 * observance per actual transition, read from the zone database through Temporal, starting a year
 * before `from` so every event's offset is defined. A zone without transitions gets one STANDARD
 * observance. Explicit transitions, not RRULEs: exact for any rule change, and small for a window
 * of months (two lines' worth a year).
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  let at = Temporal.Instant.fromEpochMilliseconds(
    from.getTime() - 400 * 86_400_000,
  ).toZonedDateTimeISO(timeZone);
  const end = to.getTime();
  const observance = (kind: string, start: string, fromNs: number, toNs: number, ms: number) => {
    const name = abbreviation(timeZone, ms);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${offsetText(fromNs)}`,
      `TZOFFSETTO:${offsetText(toNs)}`,
      ...(name ? [`TZNAME:${name}`] : []),
      `END:${kind}`,
    );
  };
  let transitions = 0;
  for (;;) {
    const next = at.getTimeZoneTransition('next');
    if (!next || next.epochMilliseconds > end) break;
    const before = next.subtract({ nanoseconds: 1 }).offsetNanoseconds;
    const after = next.offsetNanoseconds;
    // The transition's wall-clock time as the offset before it reads it (02:00 AEST → 03:00 AEDT
    // starts at 02:00; 03:00 AEDT → 02:00 AEST starts at 03:00).
    const local = Temporal.Instant.fromEpochMilliseconds(next.epochMilliseconds)
      .toZonedDateTimeISO('UTC')
      .add({ nanoseconds: before })
      .toPlainDateTime();
    observance(
      after > before ? 'DAYLIGHT' : 'STANDARD',
      localText(local),
      before,
      after,
      next.epochMilliseconds,
    );
    transitions += 1;
    at = next;
  }
  if (transitions === 0) {
    const offset = at.offsetNanoseconds;
    observance('STANDARD', '19700101T000000', offset, offset, from.getTime());
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
