import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  type AuthUser,
  type ManualMessageResponse,
  TestEmailRequestSchema,
  TestSmsRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { CurrentUser } from '../../auth/decorators/current-user.decorator.js';
import { JwtAuthGuard } from '../../auth/guards/jwt-auth.guard.js';
import { ManualMessageService } from '../services/manual-message.service.js';

/**
 * An owner's manual sends (spec section 7, decision 16): a reminder to an appointment's customer
 * from the dashboard, or a test message from the Testing Tools pages. 200, not 201: the answer is
 * the outbox message that will carry it, not a resource at a URL.
 */
@Controller()
@UseGuards(JwtAuthGuard)
export class ManualMessageController {
  constructor(private readonly messages: ManualMessageService) {}

  @Post('test-email')
  @HttpCode(200)
  sendEmail(
    @Body(new ZodValidationPipe(TestEmailRequestSchema))
    body: z.output<typeof TestEmailRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ManualMessageResponse> {
    return this.messages.sendEmail(user.id, body);
  }

  @Post('test-sms')
  @HttpCode(200)
  sendSms(
    @Body(new ZodValidationPipe(TestSmsRequestSchema)) body: z.output<typeof TestSmsRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ManualMessageResponse> {
    return this.messages.sendSms(user.id, body);
  }
}
