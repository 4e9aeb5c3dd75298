import { Controller, Header, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  apiRoutes,
  calendarDateSchema,
  type Closure,
  CreateClosureRequestSchema,
  type PublicHoliday,
  type SpecialHours,
  SpecialHoursRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { ZodValidationPipe, idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { PublicHolidaysService } from '../services/public-holidays.service.js';
import { ScheduleExceptionsService } from '../services/schedule-exceptions.service.js';

/** Settings → Closures: dates the business is shut or keeps other hours. */
@Controller()
export class ClosuresController {
  constructor(
    private readonly exceptions: ScheduleExceptionsService,
    private readonly holidays: PublicHolidaysService,
  ) {}

  @Route(apiRoutes.availability.closures)
  @Header('Cache-Control', 'no-store')
  @OwnerAccess({ businessId: { param: 'id' } })
  list(@OwnedBusiness() owned: OwnedBusinessRef): Promise<Closure[]> {
    return this.exceptions.closures(owned.business);
  }

  @Route(apiRoutes.availability.createClosure)
  @HttpCode(HttpStatus.CREATED)
  @OwnerAccess({ businessId: { param: 'id' } })
  create(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(CreateClosureRequestSchema) body: z.output<typeof CreateClosureRequestSchema>,
  ): Promise<Closure> {
    return this.exceptions.createClosure(owned.business, body);
  }

  @Route(apiRoutes.availability.removeClosure)
  @HttpCode(HttpStatus.NO_CONTENT)
  @OwnerAccess({ businessId: { param: 'id' } })
  async remove(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('closureId', idPipe('closureId')) closureId: number,
  ): Promise<void> {
    await this.exceptions.removeClosure(owned.id, closureId);
  }

  @Route(apiRoutes.availability.holidays)
  @Header('Cache-Control', 'no-store')
  @OwnerAccess({ businessId: { param: 'id' } })
  publicHolidays(@OwnedBusiness() owned: OwnedBusinessRef): Promise<PublicHoliday[]> {
    return this.holidays.upcoming(owned.business);
  }

  @Route(apiRoutes.availability.specialHours)
  @Header('Cache-Control', 'no-store')
  @OwnerAccess({ businessId: { param: 'id' } })
  specialHours(@OwnedBusiness() owned: OwnedBusinessRef): Promise<SpecialHours[]> {
    return this.exceptions.specialHours(owned.business);
  }

  @Route(apiRoutes.availability.setSpecialHours)
  @OwnerAccess({ businessId: { param: 'id' } })
  setSpecialHours(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(SpecialHoursRequestSchema) body: z.output<typeof SpecialHoursRequestSchema>,
  ): Promise<SpecialHours> {
    return this.exceptions.setSpecialHours(owned.business, body);
  }

  @Route(apiRoutes.availability.removeSpecialHours)
  @HttpCode(HttpStatus.NO_CONTENT)
  @OwnerAccess({ businessId: { param: 'id' } })
  async removeSpecialHours(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('date', new ZodValidationPipe(calendarDateSchema('date'), 'date')) date: string,
  ): Promise<void> {
    await this.exceptions.removeSpecialHours(owned.id, date);
  }
}
