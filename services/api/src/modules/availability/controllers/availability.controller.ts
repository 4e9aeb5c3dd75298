import { Controller, Header, Param } from '@nestjs/common';
import {
  apiRoutes,
  type AvailableDays,
  AvailableDaysQuerySchema,
  type AvailableTime,
  AvailableTimesQuerySchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { Route } from '../../../core/http/route.decorator.js';
import { ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { type BusinessEntity, BusinessService } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { AvailabilityService } from '../services/availability.service.js';

type AvailableTimesQuery = z.output<typeof AvailableTimesQuerySchema>;
type AvailableDaysQuery = z.output<typeof AvailableDaysQuerySchema>;

@Controller()
export class AvailabilityController {
  constructor(
    private readonly businessService: BusinessService,
    private readonly catalogService: CatalogService,
    private readonly availabilityService: AvailabilityService,
  ) {}

  @Route(apiRoutes.availability.timesBySlug)
  @Header('Cache-Control', 'no-store')
  async bySlug(
    @Param('slug') slug: string,
    @ParsedQuery(AvailableTimesQuerySchema) query: AvailableTimesQuery,
  ): Promise<AvailableTime[]> {
    return this.list(await this.businessService.cachedBySlugOrThrow(slug), query);
  }

  @Route(apiRoutes.availability.timesById)
  @Header('Cache-Control', 'no-store')
  async byId(
    @Param('id', idPipe()) id: number,
    @ParsedQuery(AvailableTimesQuerySchema) query: AvailableTimesQuery,
  ): Promise<AvailableTime[]> {
    return this.list(await this.businessService.cachedByIdOrThrow(id), query);
  }

  /** The month at a glance: which dates have a free slot, and why the others have none. */
  @Route(apiRoutes.availability.daysBySlug)
  @Header('Cache-Control', 'no-store')
  async daysBySlug(
    @Param('slug') slug: string,
    @ParsedQuery(AvailableDaysQuerySchema) query: AvailableDaysQuery,
  ): Promise<AvailableDays> {
    const business = await this.businessService.cachedBySlugOrThrow(slug);
    const service = await this.catalogService.findActiveOrThrow(business.id, query.serviceId, {
      cached: true,
    });
    return this.availabilityService.availableDays(business, service, query.month, query.staffId);
  }

  private async list(
    business: BusinessEntity,
    query: AvailableTimesQuery,
  ): Promise<AvailableTime[]> {
    const service = await this.catalogService.findActiveOrThrow(business.id, query.serviceId, {
      cached: true,
    });
    return this.availabilityService.listAvailableTimes(
      business,
      service,
      query.date,
      query.staffId,
    );
  }
}
