import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { type AvailableTime, AvailableTimesQuerySchema } from '@slotwise/contracts';
import type { z } from 'zod';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { BusinessEntity } from '../../business/entities/business.entity.js';
import { BusinessService } from '../../business/services/business.service.js';
import { CatalogService } from '../../catalog/services/catalog.service.js';
import { AvailabilityService } from '../services/availability.service.js';

type AvailableTimesQuery = z.output<typeof AvailableTimesQuerySchema>;

@Controller('business')
export class AvailabilityController {
  constructor(
    private readonly businessService: BusinessService,
    private readonly catalogService: CatalogService,
    private readonly availabilityService: AvailabilityService,
  ) {}

  @Get('slug/:slug/available-times')
  @Header('Cache-Control', 'no-store')
  async bySlug(
    @Param('slug') slug: string,
    @Query(new ZodValidationPipe(AvailableTimesQuerySchema)) query: AvailableTimesQuery,
  ): Promise<AvailableTime[]> {
    return this.list(await this.businessService.findBySlugOrThrow(slug), query);
  }

  @Get(':id/available-times')
  @Header('Cache-Control', 'no-store')
  async byId(
    @Param('id', idPipe()) id: number,
    @Query(new ZodValidationPipe(AvailableTimesQuerySchema)) query: AvailableTimesQuery,
  ): Promise<AvailableTime[]> {
    return this.list(await this.businessService.findByIdOrThrow(id), query);
  }

  private async list(
    business: BusinessEntity,
    query: AvailableTimesQuery,
  ): Promise<AvailableTime[]> {
    const service = await this.catalogService.findActiveOrThrow(business.id, query.serviceId);
    return this.availabilityService.listAvailableTimes(
      business,
      service,
      query.date,
      query.staffId,
    );
  }
}
