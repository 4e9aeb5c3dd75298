import { Controller, StreamableFile } from '@nestjs/common';
import {
  apiRoutes,
  type ClientsExportQuery,
  type ReportRangeQuery,
  type ReportSummary,
  type ReportSummaryQuery,
  type ReportTimeseries,
  type ReportTimeseriesQuery,
  type ServiceReport,
  type StaffReport,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { ExportsService } from '../services/exports.service.js';
import { ReportsService } from '../services/reports.service.js';

const CSV = 'text/csv; charset=utf-8';
const attachment = (name: string) => `attachment; filename="${name}"`;

/** The owner's reports and CSV exports of their own business (another's: 404). */
@Controller()
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly exports: ExportsService,
  ) {}

  @Route(apiRoutes.reports.summary)
  @OwnerAccess({ businessId: { param: 'id' } })
  summary(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.reports.summary) query: ReportSummaryQuery,
  ): Promise<ReportSummary> {
    return this.reports.summary(owned.business, query, owned.can('payments.manage'));
  }

  @Route(apiRoutes.reports.timeseries)
  @OwnerAccess({ businessId: { param: 'id' } })
  timeseries(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.reports.timeseries) query: ReportTimeseriesQuery,
  ): Promise<ReportTimeseries> {
    return this.reports.timeseries(owned.business, query, owned.can('payments.manage'));
  }

  @Route(apiRoutes.reports.staff)
  @OwnerAccess({ businessId: { param: 'id' } })
  staff(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.reports.staff) query: ReportRangeQuery,
  ): Promise<StaffReport> {
    return this.reports.byStaff(owned.business, query);
  }

  @Route(apiRoutes.reports.services)
  @OwnerAccess({ businessId: { param: 'id' } })
  services(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.reports.services) query: ReportRangeQuery,
  ): Promise<ServiceReport> {
    return this.reports.byService(owned.business, query);
  }

  @Route(apiRoutes.reports.appointmentsCsv)
  @OwnerAccess({ businessId: { param: 'id' } })
  appointmentsCsv(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.reports.appointmentsCsv) query: ReportRangeQuery,
  ): StreamableFile {
    return new StreamableFile(this.exports.appointments(owned.business, query), {
      type: CSV,
      disposition: attachment(`appointments-${query.from}-to-${query.to}.csv`),
    });
  }

  @Route(apiRoutes.reports.clientsCsv)
  @OwnerAccess({ businessId: { param: 'id' } })
  clientsCsv(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.reports.clientsCsv) query: ClientsExportQuery,
  ): StreamableFile {
    const period = query.from && query.to ? { from: query.from, to: query.to } : null;
    return new StreamableFile(this.exports.clients(owned.business, period), {
      type: CSV,
      disposition: attachment(
        period ? `clients-${period.from}-to-${period.to}.csv` : 'clients.csv',
      ),
    });
  }
}
