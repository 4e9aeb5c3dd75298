import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import {
  type CancelAppointmentResponse,
  type RescheduleDetails,
  type RescheduleRequest,
  RescheduleRequestSchema,
  type RescheduleResponse,
} from '@slotwise/contracts';
import { ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { SelfServiceService } from '../services/self-service.service.js';

/** The customer's links from the booking SMS (spec section 7, decision 10). No account needed. */
@Controller()
export class SelfServiceController {
  constructor(private readonly selfService: SelfServiceService) {}

  /** A GET because the spec says so; it changes state, so it is never cached. */
  @Get('cancel-appointment')
  @Header('Cache-Control', 'no-store')
  cancel(@Query('token') token?: string): Promise<CancelAppointmentResponse> {
    return this.selfService.cancel(typeof token === 'string' ? token : undefined);
  }

  @Get('reschedule')
  @Header('Cache-Control', 'no-store')
  details(@Query('token') token?: string): Promise<RescheduleDetails> {
    return this.selfService.rescheduleDetails(typeof token === 'string' ? token : undefined);
  }

  @Post('reschedule')
  @HttpCode(HttpStatus.OK)
  reschedule(
    @Body(new ZodValidationPipe(RescheduleRequestSchema)) body: RescheduleRequest,
  ): Promise<RescheduleResponse> {
    return this.selfService.reschedule(body.token, body.date);
  }
}
