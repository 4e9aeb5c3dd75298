// What other modules may use of the outbox module (the `outbox` table and its delivery).
export { OutboxModule } from './outbox.module.js';
export { OutboxWorkerModule } from './outbox-worker.module.js';
export { type OutboxAttachment, OutboxMessageEntity } from './entities/outbox-message.entity.js';
export { type OutboxMessageInput, OutboxService } from './services/outbox.service.js';
export { SmsCapService } from './services/sms-cap.service.js';
export { toE164 } from './senders/phone-number.js';
export {
  type TwilioCallback,
  verifyTwilioSignature,
  twilioCallbackOf,
} from './services/twilio-signature.js';
