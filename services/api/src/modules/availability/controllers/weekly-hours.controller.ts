import { Controller, Header } from '@nestjs/common';
import {
  apiRoutes,
  type Availability,
  type DayHours,
  WeeklyHoursRequestSchema,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { WeeklyHoursService } from '../services/weekly-hours.service.js';

/** Settings → Business Hours (another owner's business answers 404). */
@Controller()
export class WeeklyHoursController {
  constructor(private readonly weeklyHoursService: WeeklyHoursService) {}

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
}
