/**
 * en-AU display helpers: times in the business's zone with its abbreviation (AEST or AEDT), money
 * from integer cents as AUD. Intl does the time-zone work, daylight saving included.
 */
export const LOCALE = 'en-AU';
export const CURRENCY = 'AUD';

const currency = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 8500 → '$85.00'; null/undefined → '$0.00'. */
export function formatPrice(cents: number | null | undefined): string {
  return currency.format((cents ?? 0) / 100);
}

/** '$1,234.50' / '85' → cents, rounding; null when not numeric. */
export function parseDollarsToCents(input: string): number | null {
  const cleaned = input.replace(/[$,\s]/g, '');
  if (cleaned === '' || !/^\d*\.?\d*$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = timeZone + JSON.stringify(options);
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

const toDate = (instant: string | Date): Date =>
  typeof instant === 'string' ? new Date(instant) : instant;

/** '9:30 AM' in the given zone. */
export function formatTime(instant: string | Date, timeZone: string): string {
  return fmt(timeZone, { hour: 'numeric', minute: '2-digit', hour12: true })
    .format(toDate(instant))
    .replace(/\s*(am|pm)$/i, (_m, p: string) => ` ${p.toUpperCase()}`);
}

/** '5 Mar 2027' in the given zone. */
export function formatDate(instant: string | Date, timeZone: string): string {
  return fmt(timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).format(toDate(instant));
}

/** 'Fri, 5 Mar 2027' in the given zone. */
export function formatLongDate(instant: string | Date, timeZone: string): string {
  return fmt(timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(toDate(instant));
}

/** The zone's abbreviation at that instant: 'AEDT' or 'AEST' in Sydney, 'AWST' in Perth, 'ACDT' in Adelaide. */
export function timeZoneAbbreviation(instant: string | Date, timeZone: string): string {
  const part = fmt(timeZone, { timeZoneName: 'short' })
    .formatToParts(toDate(instant))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** A calendar day 'YYYY-MM-DD' (no zone) → '5 Mar 2027'. */
export function formatCalendarDay(day: string): string {
  return fmt('UTC', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** 'HH:MM' (24 h) → '9:30 AM'. */
export function formatClockTime(hhmm: string): string {
  const [hour = 0, m = 0] = hhmm.split(':').map(Number);
  // '24:00' closes a day at midnight: 12:00 AM, as the clock shows it.
  const h = hour % 24;
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Today's calendar day 'YYYY-MM-DD' in the given zone. */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  const parts = fmt(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    now,
  );
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
