// What other modules may use of the support module (the `support_messages` table).
export { SupportModule } from './support.module.js';
export { SupportMessageEntity } from './entities/support-message.entity.js';
