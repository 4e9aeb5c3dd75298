import { Controller, Header, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
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

  @Route(apiRoutes.availability.staffHours)
  @Header('Cache-Control', 'no-store')
  @OwnerAccess()
  async hours(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
  ): Promise<StaffHours> {
    return this.weeklyHours.staffHours(owned.id, await this.member(owned, id));
  }

  @Route(apiRoutes.availability.replaceStaffHours)
  @OwnerAccess()
  async replaceHours(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @JsonBody(StaffHoursRequestSchema) body: StaffDayHours[],
  ): Promise<StaffHours> {
    return this.weeklyHours.replaceStaffHours(owned.id, await this.member(owned, id), body);
  }

  @Route(apiRoutes.availability.clearStaffHours)
  @OwnerAccess()
  async clearHours(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
  ): Promise<StaffHours> {
    return this.weeklyHours.clearStaffHours(owned.id, await this.member(owned, id));
  }

  @Route(apiRoutes.availability.timeOff)
  @Header('Cache-Control', 'no-store')
  @OwnerAccess()
  async timeOff(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
  ): Promise<TimeOff[]> {
    return this.exceptions.timeOff(owned.id, await this.member(owned, id));
  }

  @Route(apiRoutes.availability.createTimeOff)
  @HttpCode(HttpStatus.CREATED)
  @OwnerAccess()
  async createTimeOff(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @JsonBody(CreateTimeOffRequestSchema) body: z.output<typeof CreateTimeOffRequestSchema>,
  ): Promise<TimeOff> {
    return this.exceptions.createTimeOff(owned.business, await this.member(owned, id), body);
  }

  @Route(apiRoutes.availability.removeTimeOff)
  @HttpCode(HttpStatus.NO_CONTENT)
  @OwnerAccess()
  async removeTimeOff(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @Param('timeOffId', idPipe('timeOffId')) timeOffId: number,
  ): Promise<void> {
    await this.exceptions.removeTimeOff(owned.id, await this.member(owned, id), timeOffId);
  }
}
