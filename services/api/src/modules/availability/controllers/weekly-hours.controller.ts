import { Controller, Header, HttpCode, HttpStatus } from '@nestjs/common';
import {
  type AffectedBooking,
  AffectedBookingsRequestSchema,
  apiRoutes,
  type Availability,
  type DayHours,
  WeeklyHoursRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { AffectedBookingsService } from '../services/affected-bookings.service.js';
import { WeeklyHoursService } from '../services/weekly-hours.service.js';

/** Settings → Business Hours (another owner's business answers 404). */
@Controller()
export class WeeklyHoursController {
  constructor(
    private readonly weeklyHoursService: WeeklyHoursService,
    private readonly affectedBookings: AffectedBookingsService,
  ) {}

  @Route(apiRoutes.availability.weeklyHours)
  @Header('Cache-Control', 'no-store')
  @OwnerAccess({ businessId: { param: 'id' } })
  get(@OwnedBusiness() owned: OwnedBusinessRef): Promise<Availability[]> {
    return this.weeklyHoursService.get(owned.id);
  }

  @Route(apiRoutes.availability.replaceWeeklyHours)
  @OwnerAccess({ businessId: { param: 'id' } })
  replace(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(WeeklyHoursRequestSchema) body: DayHours[],
  ): Promise<Availability[]> {
    return this.weeklyHoursService.replace(owned, body);
  }

  /** Asked before saving a change of hours: the bookings it would leave outside them. */
  @Route(apiRoutes.availability.affectedBookings)
  @HttpCode(HttpStatus.OK)
  @OwnerAccess({ businessId: { param: 'id' } })
  affected(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(AffectedBookingsRequestSchema) body: z.output<typeof AffectedBookingsRequestSchema>,
  ): Promise<AffectedBooking[]> {
    return this.affectedBookings.find(owned.business, body);
  }
}
