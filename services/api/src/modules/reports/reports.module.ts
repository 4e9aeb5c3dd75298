import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/index.js';
import { BusinessModule } from '../business/index.js';
import { StaffModule } from '../staff/index.js';
import { ReportsController } from './controllers/reports.controller.js';
import { ExportsService } from './services/exports.service.js';
import { ReportQueries } from './services/report-queries.service.js';
import { ReportsService } from './services/reports.service.js';

/**
 * How the business is doing: figures, charts' series, per-staff and per-service tables from SQL
 * aggregates over the ledger, and the CSV exports (docs/reports.md, docs/decisions/019).
 */
@Module({
  imports: [BusinessModule, StaffModule, AvailabilityModule],
  controllers: [ReportsController],
  providers: [ReportQueries, ReportsService, ExportsService],
})
export class ReportsModule {}
