/** Calendar days as 'YYYY-MM-DD' strings in the business's zone; the date picker uses local Dates. */
const pad = (n: number) => String(n).padStart(2, '0');

/** A picker Date (local midnight) → 'YYYY-MM-DD'. */
export function dateToDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' → a local Date at midnight, as the picker expects. */
export function dayToDate(day: string): Date {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export function addDays(day: string, days: number): string {
  const date = dayToDate(day);
  date.setDate(date.getDate() + days);
  return dateToDay(date);
}
