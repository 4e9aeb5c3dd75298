import { Controller, HttpCode, HttpStatus, UseGuards } from '@nestjs/common';
import {
  apiRoutes,
  type CreateAppointmentInput,
  CreateAppointmentRequestSchema,
  type CreateAppointmentResponse,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { BookingRateLimitGuard } from '../guards/public-rate-limit.guard.js';
import { AppointmentService } from '../services/appointment.service.js';

/** A customer's booking from the public booking page (no account). */
@Controller()
export class AppointmentController {
  constructor(private readonly appointmentService: AppointmentService) {}

  @Route(apiRoutes.appointments.create)
  @UseGuards(BookingRateLimitGuard)
  @HttpCode(HttpStatus.CREATED)
  create(
    @JsonBody(CreateAppointmentRequestSchema) body: CreateAppointmentInput,
  ): Promise<CreateAppointmentResponse> {
    return this.appointmentService.create(body);
  }
}
