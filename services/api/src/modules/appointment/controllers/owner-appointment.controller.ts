import { Body, Controller, Delete, Get, Param, Patch, Query, UseGuards } from '@nestjs/common';
import {
  type AppointmentCounts,
  type AuthUser,
  type OwnerAppointment,
  type OwnerAppointmentsQuery,
  OwnerAppointmentsQuerySchema,
  type UpdateAppointmentInput,
  UpdateAppointmentRequestSchema,
} from '@slotwise/contracts';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { CurrentUser } from '../../auth/decorators/current-user.decorator.js';
import { JwtAuthGuard } from '../../auth/guards/jwt-auth.guard.js';
import { OwnerAppointmentService } from '../services/owner-appointment.service.js';

/** The Business Dashboard's appointment calls: the owner's own business only (else 404). */
@Controller()
@UseGuards(JwtAuthGuard)
export class OwnerAppointmentController {
  constructor(private readonly appointments: OwnerAppointmentService) {}

  @Get('business/:id/appointments')
  list(
    @Param('id', idPipe()) id: number,
    @Query(new ZodValidationPipe(OwnerAppointmentsQuerySchema)) query: OwnerAppointmentsQuery,
    @CurrentUser() user: AuthUser,
  ): Promise<OwnerAppointment[]> {
    return this.appointments.list(id, user.id, query);
  }

  @Get('business/:id/appointment-counts')
  counts(
    @Param('id', idPipe()) id: number,
    @CurrentUser() user: AuthUser,
  ): Promise<AppointmentCounts> {
    return this.appointments.counts(id, user.id);
  }

  @Patch('appointments/:id')
  update(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(UpdateAppointmentRequestSchema)) body: UpdateAppointmentInput,
    @CurrentUser() user: AuthUser,
  ): Promise<OwnerAppointment> {
    return this.appointments.update(id, user.id, body);
  }

  /** Cancels (decision 11): 200 with the cancelled appointment; the row is kept. */
  @Delete('appointments/:id')
  cancel(
    @Param('id', idPipe()) id: number,
    @CurrentUser() user: AuthUser,
  ): Promise<OwnerAppointment> {
    return this.appointments.cancel(id, user.id);
  }
}
