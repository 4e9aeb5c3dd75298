import {
  type AppointmentStatus,
  MAX_APPOINTMENTS_PAGE,
  addDays,
  type OwnerAppointment,
  type OwnerAppointmentsQueryInput,
} from '@slotwise/contracts';
import { zonedInstant } from '../owner';

/** Rows the table shows at first and adds on each 'Load more'. */
export const TABLE_PAGE_SIZE = 50;

/**
 * What the table and the Today and Upcoming lists ask the server for: a search text, statuses and
 * optionally a window (instants, ISO-8601: the appointments overlapping [from, to)).
 */
export interface ListFilter {
  q: string;
  statuses: readonly AppointmentStatus[];
  from?: string;
  to?: string;
}

export interface PageRange {
  limit: number;
  offset: number;
}

/** `count` rows as the pages the API accepts (at most MAX_APPOINTMENTS_PAGE each). */
export function listPages(count: number, pageMax = MAX_APPOINTMENTS_PAGE): PageRange[] {
  const pages: PageRange[] = [];
  for (let offset = 0; offset < count; offset += pageMax) {
    pages.push({ limit: Math.min(pageMax, count - offset), offset });
  }
  return pages;
}

/** The list's query for one page, newest first, searched and filtered on the server. */
export function appointmentsListQuery(
  filter: ListFilter,
  page: PageRange,
): OwnerAppointmentsQueryInput {
  const query: OwnerAppointmentsQueryInput = { limit: page.limit };
  if (page.offset > 0) query.offset = page.offset;
  const q = filter.q.trim();
  if (q) query.q = q;
  if (filter.statuses.length > 0) query.status = [...filter.statuses].sort().join(',');
  if (filter.from) query.from = filter.from;
  if (filter.to) query.to = filter.to;
  return query;
}

/** Earliest first (by start); the Today and Upcoming lists. */
export function soonestFirst(list: readonly OwnerAppointment[]): OwnerAppointment[] {
  return [...list].sort((x, y) => Date.parse(x.date) - Date.parse(y.date) || x.id - y.id);
}

/**
 * The `count` soonest appointments of a window. The API lists newest first, so a page of
 * `pageSize` rows that comes back full may lack the earliest ones: the window is then cut at the
 * earliest start received and asked again, until a page comes back with room to spare.
 */
export async function soonestOf(
  fetchPage: (filter: ListFilter, limit: number) => Promise<OwnerAppointment[]>,
  filter: ListFilter & { from: string; to: string },
  count: number,
  pageSize = MAX_APPOINTMENTS_PAGE,
): Promise<OwnerAppointment[]> {
  const seen = new Map<number, OwnerAppointment>();
  let to = filter.to;
  for (let round = 0; round < 20; round++) {
    const page = await fetchPage({ ...filter, to }, pageSize);
    for (const a of page) seen.set(a.id, a);
    if (page.length < pageSize) break;
    const earliest = Math.min(...page.map((a) => Date.parse(a.date)));
    // An appointment that began before the window and runs into it cannot be cut off this way.
    if (earliest <= Date.parse(filter.from)) break;
    to = new Date(earliest).toISOString();
  }
  return soonestFirst([...seen.values()]).slice(0, count);
}

/**
 * The table asks for one row more than it shows: that row only says whether 'Load more' has
 * anything to load.
 */
export function tableRequestCount(pages: number): number {
  return pages * TABLE_PAGE_SIZE + 1;
}

export function tableRows(
  rows: readonly OwnerAppointment[],
  pages: number,
): { rows: OwnerAppointment[]; hasMore: boolean } {
  const shown = pages * TABLE_PAGE_SIZE;
  return { rows: rows.slice(0, shown), hasMore: rows.length > shown };
}

const isAppointmentList = (data: unknown): data is OwnerAppointment[] => Array.isArray(data);

/**
 * A cached list with `updated` in place of its older copy; undefined (leave it alone) for a list
 * without it and for other cached data such as the counts.
 */
export function replaceAppointment(
  data: unknown,
  updated: OwnerAppointment,
): OwnerAppointment[] | undefined {
  if (!isAppointmentList(data) || !data.some((a) => a.id === updated.id)) return undefined;
  return data.map((a) => (a.id === updated.id ? updated : a));
}

/**
 * The most recently fetched copy of appointment `id` among cached lists (the table, Recent
 * Appointments, the calendar's windows), or undefined when none holds it.
 */
export function freshestCopy(
  entries: ReadonlyArray<{ data: unknown; updatedAt: number }>,
  id: number,
): OwnerAppointment | undefined {
  let best: { appointment: OwnerAppointment; updatedAt: number } | undefined;
  for (const { data, updatedAt } of entries) {
    if (!isAppointmentList(data)) continue;
    const hit = data.find((a) => a.id === id);
    if (hit && (!best || updatedAt > best.updatedAt)) best = { appointment: hit, updatedAt };
  }
  return best?.appointment;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const RANGE_ORDER_ERROR = 'The end date must be on or after the start date';

/**
 * The window of a date range chosen in the table (business-local days, either end open), or the
 * reason it cannot be used.
 */
export function rangeWindow(
  fromDay: string,
  toDay: string,
  timeZone: string,
): { from?: string; to?: string; error: string | null } {
  const from = DAY.test(fromDay) ? fromDay : '';
  const to = DAY.test(toDay) ? toDay : '';
  if (from && to && to < from) return { error: RANGE_ORDER_ERROR };
  return {
    ...(from ? { from: zonedInstant(from, '00:00', timeZone) } : {}),
    ...(to ? { to: zonedInstant(addDays(to, 1), '00:00', timeZone) } : {}),
    error: null,
  };
}
