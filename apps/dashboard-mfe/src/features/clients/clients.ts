import {
  type CustomerSummary,
  type CustomerVisit,
  MAX_CUSTOMERS_PAGE,
  formatDate,
  formatLongDate,
  formatTime,
  timeZoneAbbreviation,
} from '@slotwise/contracts';

/** Clients the list shows at first and adds on each 'Load more'. */
export const CLIENTS_PAGE_SIZE = 50;

export interface ClientPage {
  limit: number;
  offset?: number;
}

/**
 * The requests for the first `count` clients and one more (which only says whether 'Load more'
 * has anything to load), in pages the API accepts.
 */
export function clientPages(count: number, pageMax = MAX_CUSTOMERS_PAGE): ClientPage[] {
  const wanted = count + 1;
  const pages: ClientPage[] = [];
  for (let offset = 0; offset < wanted; offset += pageMax) {
    const limit = Math.min(pageMax, wanted - offset);
    pages.push(offset === 0 ? { limit } : { limit, offset });
  }
  return pages;
}

/** The rows to show for `shown` clients, and whether there are more. */
export function shownClients<T>(
  rows: readonly T[],
  shown: number,
): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, shown), hasMore: rows.length > shown };
}

export function clientName(c: Pick<CustomerSummary, 'firstName' | 'lastName'>): string {
  return `${c.firstName} ${c.lastName}`.trim() || 'Unnamed client';
}

/** 'Last visit 5 Jan 2027 · Next 9 Jan 2027', in the business's zone; 'No visits yet'. */
export function visitsLine(
  c: Pick<CustomerSummary, 'lastVisit' | 'nextVisit'>,
  timeZone: string,
): string {
  const parts = [
    c.lastVisit ? `Last visit ${formatDate(c.lastVisit, timeZone)}` : null,
    c.nextVisit ? `Next ${formatDate(c.nextVisit, timeZone)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'No visits yet';
}

/** Past visits, and the bookings to come apart: '2 visits · 1 upcoming'. */
export function visitsCount(c: Pick<CustomerSummary, 'visits' | 'upcomingVisits'>): string {
  const past = c.visits === 1 ? '1 visit' : `${c.visits} visits`;
  return c.upcomingVisits > 0 ? `${past} · ${c.upcomingVisits} upcoming` : past;
}

/** 'Shares a number with Olivia Brown' (decision 35); null when no one else has the number. */
export function sharesLine(c: Pick<CustomerSummary, 'sharesNumberWith'>): string | null {
  const names = c.sharesNumberWith.map((o) => o.name || 'Unnamed client');
  if (names.length === 0) return null;
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Shares a number with ${list}`;
}

/** 'Tue, 5 Jan 2027, 10:00 AM AEDT' in the business's zone. */
export function visitWhen(v: Pick<CustomerVisit, 'date'>, timeZone: string): string {
  return `${formatLongDate(v.date, timeZone)}, ${formatTime(v.date, timeZone)} ${timeZoneAbbreviation(v.date, timeZone)}`;
}
