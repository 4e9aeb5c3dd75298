import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { apiRoutes } from '@slotwise/contracts';
import type { DateRange } from './ranges';

const key = (businessId: number, what: string, range: DateRange, extra = '') =>
  ['owner', 'business', businessId, 'reports', what, range.from, range.to, extra] as const;

export function useReportSummary(businessId: number, range: DateRange) {
  const api = useApiClient();
  return useQuery({
    queryKey: key(businessId, 'summary', range),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.reports.summary, { params: { id: businessId }, query: range, signal }),
  });
}

export function useReportSeries(businessId: number, range: DateRange, interval: 'day' | 'week') {
  const api = useApiClient();
  return useQuery({
    queryKey: key(businessId, 'series', range, interval),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.reports.timeseries, {
        params: { id: businessId },
        query: { ...range, interval },
        signal,
      }),
  });
}

export function useStaffReport(businessId: number, range: DateRange) {
  const api = useApiClient();
  return useQuery({
    queryKey: key(businessId, 'staff', range),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.reports.staff, { params: { id: businessId }, query: range, signal }),
  });
}

export function useServiceReport(businessId: number, range: DateRange) {
  const api = useApiClient();
  return useQuery({
    queryKey: key(businessId, 'services', range),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.reports.services, { params: { id: businessId }, query: range, signal }),
  });
}

/** Downloads an export (the owner's token goes with it, so no plain link): the CSV as a file. */
export function useDownloadCsv(businessId: number) {
  const api = useApiClient();
  return async (what: 'appointments' | 'clients', range: DateRange): Promise<void> => {
    const route =
      what === 'appointments' ? apiRoutes.reports.appointmentsCsv : apiRoutes.reports.clientsCsv;
    const csv = await api.request(route, { params: { id: businessId }, query: range });
    const url = URL.createObjectURL(new Blob([String(csv)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${what}-${range.from}-to-${range.to}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
}
