import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, NO_CACHE_HEADERS, useApiClient } from '@slotwise/api-client';
import { type AvailableDays, type DayStatus, addMonths, apiRoutes } from '@slotwise/contracts';
import { bookingKeys } from '../../query-keys';

export interface DaysQuery {
  slug: string;
  serviceId: number | null;
  staffId: number | null;
  /** 'YYYY-MM', in the business's zone. */
  month: string;
  /** The last month the calendar offers: the month after `month` is prefetched up to it. */
  lastMonth: string;
  enabled: boolean;
}

/** The month after 'YYYY-MM'. */
export const nextMonth = (month: string): string => addMonths(`${month}-01`, 1).slice(0, 7);

// A month's days change only as bookings come in; the chosen day's times are always read live.
const DAYS_STALE_MS = 30_000;

function daysOptions(api: ApiClient, q: Omit<DaysQuery, 'lastMonth' | 'enabled'>) {
  return {
    queryKey: bookingKeys.days(q.slug, q.serviceId, q.staffId, q.month),
    staleTime: DAYS_STALE_MS,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.request(apiRoutes.availability.daysBySlug, {
        params: { slug: q.slug },
        query: {
          month: q.month,
          serviceId: q.serviceId ?? 0,
          ...(q.staffId !== null ? { staffId: q.staffId } : {}),
        },
        headers: NO_CACHE_HEADERS,
        signal,
      }),
  };
}

/**
 * The visible month's days, so dates without times are disabled before anyone picks them; the
 * next month is fetched in the background once this one has answered.
 */
export function useAvailableDays({ enabled, lastMonth, ...q }: DaysQuery) {
  const api = useApiClient();
  const client = useQueryClient();
  const canAsk = enabled && q.serviceId !== null;
  const days = useQuery({ ...daysOptions(api, q), enabled: canAsk });

  const { slug, serviceId, staffId, month } = q;
  const answered = days.isSuccess;
  useEffect(() => {
    const next = nextMonth(month);
    if (!answered || next > lastMonth) return;
    void client.prefetchQuery(daysOptions(api, { slug, serviceId, staffId, month: next }));
  }, [answered, api, client, slug, serviceId, staffId, month, lastMonth]);

  return days;
}

/**
 * The chosen date's status, from its own month's answer (the customer may have moved on to
 * another month since choosing it; the answer is usually cached by then).
 */
export function useDayStatus(q: Omit<DaysQuery, 'month' | 'lastMonth'>, date: string | null) {
  const api = useApiClient();
  return useQuery({
    ...daysOptions(api, { ...q, month: (date ?? '').slice(0, 7) }),
    enabled: q.enabled && q.serviceId !== null && date !== null,
    select: (days: AvailableDays) => days.days.find((d) => d.date === date)?.status ?? null,
  });
}

/** Each date's status from a month's answer, 'YYYY-MM-DD' → status. */
export function statusByDate(days: AvailableDays | undefined): ReadonlyMap<string, DayStatus> {
  return new Map(days?.days.map((d): [string, DayStatus] => [d.date, d.status]));
}
