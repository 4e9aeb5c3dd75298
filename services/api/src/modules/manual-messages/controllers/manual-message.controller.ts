import { Controller, HttpCode } from '@nestjs/common';
import {
  apiRoutes,
  type ManualMessageResponse,
  TestEmailRequestSchema,
  TestSmsRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { ManualMessageService } from '../services/manual-message.service.js';

/**
 * An owner's manual sends: a reminder to an appointment's customer from the dashboard, or a test
 * message from the Testing Tools pages. 200, not 201: the answer is the outbox message that will
 * carry it, not a resource at a URL.
 */
@Controller()
export class ManualMessageController {
  constructor(private readonly messages: ManualMessageService) {}

  @Route(apiRoutes.messages.testEmail)
  @HttpCode(200)
  @OwnerAccess()
  sendEmail(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(TestEmailRequestSchema)
    body: z.output<typeof TestEmailRequestSchema>,
  ): Promise<ManualMessageResponse> {
    return this.messages.sendEmail(owned, body);
  }

  @Route(apiRoutes.messages.testSms)
  @HttpCode(200)
  @OwnerAccess()
  sendSms(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(TestSmsRequestSchema) body: z.output<typeof TestSmsRequestSchema>,
  ): Promise<ManualMessageResponse> {
    return this.messages.sendSms(owned, body);
  }
}
