import { Controller, Header, Param } from '@nestjs/common';
import {
  apiRoutes,
  ErrorCode,
  type MessageStatus,
  type MessagingStatus,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { OutboxService } from '../../outbox/index.js';

/**
 * What became of the owner's messages: the screens that send one follow it here until it is sent,
 * delivered, failed or known not to go; and whether the server can send SMS and email at all.
 * Every route here is the owner's.
 */
@Controller()
@OwnerAccess()
export class MessageStatusController {
  constructor(private readonly outbox: OutboxService) {}

  @Route(apiRoutes.messages.status)
  @Header('Cache-Control', 'no-store')
  async status(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
  ): Promise<MessageStatus> {
    // Scoped by the caller's business: another business's message is not found.
    const message = await this.outbox.statusOf(owned.id, id);
    if (!message) throw new DomainException(ErrorCode.NOT_FOUND, 'Message not found');
    return message;
  }

  @Route(apiRoutes.messages.messagingStatus)
  @Header('Cache-Control', 'no-store')
  messagingStatus(): MessagingStatus {
    return this.outbox.configuredChannels();
  }
}
