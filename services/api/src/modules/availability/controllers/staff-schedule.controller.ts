import { applyDecorators, Controller, Header, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  type ApiRoute,
  apiRoutes,
  CreateTimeOffRequestSchema,
  type StaffDayHours,
  type StaffHours,
  StaffHoursRequestSchema,
  type TimeOff,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { StaffService } from '../../staff/index.js';
import { ScheduleExceptionsService } from '../services/schedule-exceptions.service.js';
import { WeeklyHoursService } from '../services/weekly-hours.service.js';

/**
 * A route of one staff member's schedule (`:id` is the staff member): the owner's only. `read`:
 * never cached; `status`: the success status, when not 200.
 */
const StaffRoute = (
  route: ApiRoute<unknown, unknown, unknown>,
  { read = false, status = HttpStatus.OK }: { read?: boolean; status?: HttpStatus } = {},
) =>
  applyDecorators(
    Route(route),
    OwnerAccess(),
    HttpCode(status),
    ...(read ? [Header('Cache-Control', 'no-store')] : []),
  );

const StaffId = () => Param('id', idPipe());

/** A staff member's own hours and time off (another business's staff member answers 404). */
@Controller()
export class StaffScheduleController {
  constructor(
    private readonly staff: StaffService,
    private readonly weeklyHours: WeeklyHoursService,
    private readonly exceptions: ScheduleExceptionsService,
  ) {}

  /** The owner's staff member, or 404. */
  private async member(owned: OwnedBusinessRef, staffId: number): Promise<number> {
    return (await this.staff.findOwnedOrThrow(owned.id, staffId)).id;
  }

  @StaffRoute(apiRoutes.availability.staffHours, { read: true })
  async hours(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @StaffId() id: number,
  ): Promise<StaffHours> {
    return this.weeklyHours.staffHours(owned.id, await this.member(owned, id));
  }

  @StaffRoute(apiRoutes.availability.replaceStaffHours)
  async replaceHours(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @StaffId() id: number,
    @JsonBody(StaffHoursRequestSchema) body: StaffDayHours[],
  ): Promise<StaffHours> {
    return this.weeklyHours.replaceStaffHours(owned, await this.member(owned, id), body);
  }

  @StaffRoute(apiRoutes.availability.clearStaffHours)
  async clearHours(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @StaffId() id: number,
  ): Promise<StaffHours> {
    return this.weeklyHours.clearStaffHours(owned, await this.member(owned, id));
  }

  @StaffRoute(apiRoutes.availability.timeOff, { read: true })
  async timeOff(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @StaffId() id: number,
  ): Promise<TimeOff[]> {
    return this.exceptions.timeOff(owned.id, await this.member(owned, id));
  }

  @StaffRoute(apiRoutes.availability.createTimeOff, { status: HttpStatus.CREATED })
  async createTimeOff(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @StaffId() id: number,
    @JsonBody(CreateTimeOffRequestSchema) body: z.output<typeof CreateTimeOffRequestSchema>,
  ): Promise<TimeOff> {
    return this.exceptions.createTimeOff(owned.business, await this.member(owned, id), body);
  }

  @StaffRoute(apiRoutes.availability.removeTimeOff, { status: HttpStatus.NO_CONTENT })
  async removeTimeOff(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @StaffId() id: number,
    @Param('timeOffId', idPipe('timeOffId')) timeOffId: number,
  ): Promise<void> {
    await this.exceptions.removeTimeOff(owned.id, await this.member(owned, id), timeOffId);
  }
}
