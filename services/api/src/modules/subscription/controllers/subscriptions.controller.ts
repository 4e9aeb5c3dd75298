import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import {
  type AuthUser,
  type CreateSubscriptionRequest,
  CreateSubscriptionRequestSchema,
  type CreateSubscriptionResponse,
  type SubscriptionConfig,
  type SubscriptionStatus,
} from '@slotwise/contracts';
import { ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { CurrentUser } from '../../auth/decorators/current-user.decorator.js';
import { JwtAuthGuard } from '../../auth/guards/jwt-auth.guard.js';
import { SubscriptionsService } from '../services/subscriptions.service.js';

/** The spec's subscription calls (section 7), for the signed-in owner's own business. */
@Controller()
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  /** Public: the price id and publishable key are meant for browsers anyway. */
  @Get('subscription-config')
  config(): SubscriptionConfig {
    return this.subscriptions.config();
  }

  @Post('create-subscription')
  @HttpCode(HttpStatus.OK)
  @UseGuards(JwtAuthGuard)
  create(
    @Body(new ZodValidationPipe(CreateSubscriptionRequestSchema)) body: CreateSubscriptionRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<CreateSubscriptionResponse> {
    return this.subscriptions.create(user, body.priceId);
  }

  @Get('subscription-status')
  @UseGuards(JwtAuthGuard)
  status(@CurrentUser() user: AuthUser): Promise<SubscriptionStatus> {
    return this.subscriptions.status(user.id);
  }

  @Post('cancel-subscription')
  @HttpCode(HttpStatus.OK)
  @UseGuards(JwtAuthGuard)
  cancel(@CurrentUser() user: AuthUser): Promise<SubscriptionStatus> {
    return this.subscriptions.cancel(user.id);
  }

  @Post('reactivate-subscription')
  @HttpCode(HttpStatus.OK)
  @UseGuards(JwtAuthGuard)
  reactivate(@CurrentUser() user: AuthUser): Promise<SubscriptionStatus> {
    return this.subscriptions.reactivate(user.id);
  }
}
