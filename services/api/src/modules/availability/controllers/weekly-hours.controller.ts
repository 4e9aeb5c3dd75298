import { Body, Controller, Get, Header, Param, Put, UseGuards } from '@nestjs/common';
import {
  type AuthUser,
  type Availability,
  type DayHours,
  WeeklyHoursRequestSchema,
} from '@slotwise/contracts';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { CurrentUser } from '../../auth/decorators/current-user.decorator.js';
import { JwtAuthGuard } from '../../auth/guards/jwt-auth.guard.js';
import { WeeklyHoursService } from '../services/weekly-hours.service.js';

/** The owner's weekly hours (another owner's business answers 404). */
@Controller('business')
@UseGuards(JwtAuthGuard)
export class WeeklyHoursController {
  constructor(private readonly weeklyHoursService: WeeklyHoursService) {}

  @Get(':id/availability')
  @Header('Cache-Control', 'no-store')
  get(@Param('id', idPipe()) id: number, @CurrentUser() user: AuthUser): Promise<Availability[]> {
    return this.weeklyHoursService.get(id, user.id);
  }

  @Put(':id/availability')
  replace(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(WeeklyHoursRequestSchema)) body: DayHours[],
    @CurrentUser() user: AuthUser,
  ): Promise<Availability[]> {
    return this.weeklyHoursService.replace(id, user.id, body);
  }
}
