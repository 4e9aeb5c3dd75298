import { Controller, Header, Param } from '@nestjs/common';
import {
  apiRoutes,
  type AvailableDays,
  AvailableDaysQuerySchema,
  type AvailableTime,
  AvailableTimesQuerySchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { CACHED } from '../../../core/cache/business-cache.js';
import { Route } from '../../../core/http/route.decorator.js';
import { ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { BusinessService } from '../../business/index.js';
import { PublicAvailabilityService } from '../services/public-availability.service.js';

type AvailableTimesQuery = z.output<typeof AvailableTimesQuerySchema>;
type AvailableDaysQuery = z.output<typeof AvailableDaysQuerySchema>;

@Controller()
export class AvailabilityController {
  constructor(
    private readonly businessService: BusinessService,
    private readonly publicAvailability: PublicAvailabilityService,
  ) {}

  @Route(apiRoutes.availability.timesBySlug)
  @Header('Cache-Control', 'no-store')
  async bySlug(
    @Param('slug') slug: string,
    @ParsedQuery(AvailableTimesQuerySchema) query: AvailableTimesQuery,
  ): Promise<readonly AvailableTime[]> {
    const business = await this.businessService.bySlugOrThrow(slug, CACHED);
    return this.publicAvailability.times(business.id, query);
  }

  @Route(apiRoutes.availability.timesById)
  @Header('Cache-Control', 'no-store')
  async byId(
    @Param('id', idPipe()) id: number,
    @ParsedQuery(AvailableTimesQuerySchema) query: AvailableTimesQuery,
  ): Promise<readonly AvailableTime[]> {
    return this.publicAvailability.times(id, query);
  }

  /** The month at a glance: which dates have a free slot, and why the others have none. */
  @Route(apiRoutes.availability.daysBySlug)
  @Header('Cache-Control', 'no-store')
  async daysBySlug(
    @Param('slug') slug: string,
    @ParsedQuery(AvailableDaysQuerySchema) query: AvailableDaysQuery,
  ): Promise<AvailableDays> {
    const business = await this.businessService.bySlugOrThrow(slug, CACHED);
    return this.publicAvailability.days(business.id, query);
  }
}
