import { ErrorCode } from '../error-codes.js';
import {
  ClientsExportQuerySchema,
  ReportRangeQuerySchema,
  ReportSummaryQuerySchema,
  ReportSummarySchema,
  ReportTimeseriesQuerySchema,
  ReportTimeseriesSchema,
  ServiceReportSchema,
  StaffReportSchema,
} from '../reports.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { reportsRoutes } from './reports.routes.js';

const errors = [ErrorCode.BUSINESS_NOT_FOUND];
const range = { request: { query: ReportRangeQuerySchema } };

export const reportsSpecs = defineRoutes(reportsRoutes, {
  tag: {
    name: 'Reports',
    description:
      "How the business is doing over a range of its own dates, and its data as CSV (docs/reports.md defines every figure). Ranges: YYYY-MM-DD in the business's time zone, both ends included, at most 366 days.",
  },
  routes: {
    summary: ownerRoute(
      errors,
      'Every figure of the range, with the period of equal length just before',
      ReportSummarySchema,
      { request: { query: ReportSummaryQuerySchema } },
    ),
    timeseries: ownerRoute(
      errors,
      'Appointments, revenue and booked minutes by day or by week (weeks start on Monday)',
      ReportTimeseriesSchema,
      { request: { query: ReportTimeseriesQuerySchema } },
    ),
    staff: ownerRoute(
      errors,
      'Per staff member: appointments, revenue and utilisation',
      StaffReportSchema,
      range,
    ),
    services: ownerRoute(
      errors,
      'Per service: appointments and revenue',
      ServiceReportSchema,
      range,
    ),
    appointmentsCsv: ownerRoute(
      errors,
      "The range's appointments as CSV (text/csv), times in the business's zone; streamed",
      null,
      range,
    ),
    clientsCsv: ownerRoute(
      errors,
      "The business's clients as CSV (text/csv) with their visits; with from and to, only clients with an appointment in the range",
      null,
      { request: { query: ClientsExportQuerySchema } },
    ),
  },
});
