// The manual-messages module exports nothing but its module: its routes are its whole purpose.
export { ManualMessagesModule } from './manual-messages.module.js';
