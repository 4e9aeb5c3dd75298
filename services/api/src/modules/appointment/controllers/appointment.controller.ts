import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  type CreateAppointmentInput,
  CreateAppointmentRequestSchema,
  type CreateAppointmentResponse,
} from '@slotwise/contracts';
import { ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { AppointmentService } from '../services/appointment.service.js';

@Controller('appointments')
export class AppointmentController {
  constructor(private readonly appointmentService: AppointmentService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @Body(new ZodValidationPipe(CreateAppointmentRequestSchema)) body: CreateAppointmentInput,
  ): Promise<CreateAppointmentResponse> {
    return this.appointmentService.create(body);
  }
}
