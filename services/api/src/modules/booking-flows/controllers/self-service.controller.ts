import { Controller, Header, HttpCode, HttpStatus, Query, UseGuards } from '@nestjs/common';
import {
  apiRoutes,
  type CancelAppointmentRequest,
  CancelAppointmentRequestSchema,
  type CancelAppointmentResponse,
  type RescheduleDetails,
  type RescheduleRequest,
  RescheduleRequestSchema,
  type RescheduleResponse,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { SelfServiceRateLimitGuard } from '../guards/public-rate-limit.guard.js';
import { SelfServiceService } from '../services/self-service.service.js';

/**
 * The customer's links from the booking SMS. No account needed, only the link's token; limited
 * per client IP.
 */
@Controller()
@UseGuards(SelfServiceRateLimitGuard)
export class SelfServiceController {
  constructor(private readonly selfService: SelfServiceService) {}

  /** A GET because the spec says so; it changes state, so it is never cached. */
  @Route(apiRoutes.selfService.cancel)
  @Header('Cache-Control', 'no-store')
  cancel(@Query('token') token?: string): Promise<CancelAppointmentResponse> {
    return this.selfService.cancel(tokenOf(token));
  }

  /** The cancel page's button: opening the page only reads (mail scanners open links). */
  @Route(apiRoutes.selfService.cancelByPost)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  cancelByPost(
    @JsonBody(CancelAppointmentRequestSchema) body: CancelAppointmentRequest,
  ): Promise<CancelAppointmentResponse> {
    return this.selfService.cancel(body.token);
  }

  @Route(apiRoutes.selfService.cancelDetails)
  @Header('Cache-Control', 'no-store')
  cancelDetails(@Query('token') token?: string): Promise<RescheduleDetails> {
    return this.selfService.linkDetails(tokenOf(token), 'cancel');
  }

  @Route(apiRoutes.selfService.rescheduleDetails)
  @Header('Cache-Control', 'no-store')
  details(@Query('token') token?: string): Promise<RescheduleDetails> {
    return this.selfService.linkDetails(tokenOf(token), 'reschedule');
  }

  @Route(apiRoutes.selfService.reschedule)
  @HttpCode(HttpStatus.OK)
  reschedule(
    @JsonBody(RescheduleRequestSchema) body: RescheduleRequest,
  ): Promise<RescheduleResponse> {
    return this.selfService.reschedule(body.token, body.date);
  }
}

/** A repeated `?token=` arrives as an array: no token, then. */
const tokenOf = (token: unknown) => (typeof token === 'string' ? token : undefined);
