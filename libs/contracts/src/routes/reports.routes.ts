import type {
  ClientsExportQueryInput,
  ReportRangeQueryInput,
  ReportSummary,
  ReportSummaryQueryInput,
  ReportTimeseries,
  ReportTimeseriesQueryInput,
  ServiceReport,
  StaffReport,
} from '../reports.js';
import { route } from './route.js';

export const reportsRoutes = {
  summary: route<ReportSummary, undefined, ReportSummaryQueryInput>()(
    'GET',
    'business/:id/reports/summary',
  ),
  timeseries: route<ReportTimeseries, undefined, ReportTimeseriesQueryInput>()(
    'GET',
    'business/:id/reports/timeseries',
  ),
  staff: route<StaffReport, undefined, ReportRangeQueryInput>()(
    'GET',
    'business/:id/reports/staff',
  ),
  services: route<ServiceReport, undefined, ReportRangeQueryInput>()(
    'GET',
    'business/:id/reports/services',
  ),
  /** CSV (text/csv), streamed. */
  appointmentsCsv: route<string, undefined, ReportRangeQueryInput>()(
    'GET',
    'business/:id/exports/appointments.csv',
  ),
  /** CSV (text/csv), streamed. */
  clientsCsv: route<string, undefined, ClientsExportQueryInput>()(
    'GET',
    'business/:id/exports/clients.csv',
  ),
} as const;
