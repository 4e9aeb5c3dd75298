import {
  type AppointmentStatus,
  MAX_APPOINTMENTS_PAGE,
  type OwnerAppointment,
  type OwnerAppointmentsQueryInput,
} from '@slotwise/contracts';

/** Rows the table shows at first and adds on each 'Load more'. */
export const TABLE_PAGE_SIZE = 50;

/** What the table and Recent Appointments ask the server for: a search text and statuses. */
export interface ListFilter {
  q: string;
  statuses: readonly AppointmentStatus[];
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
  return query;
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
