// The notification module exports nothing but its module: its routes are its whole purpose.
export { NotificationModule } from './notification.module.js';
