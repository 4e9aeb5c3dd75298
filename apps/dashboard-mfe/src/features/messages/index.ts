// The messages feature's public face: other features and the app import only what is here.
// Its styles come with it (other features use its classes).
import './messages.css';
export {
  type SentMessage,
  useFollowedMessage,
  useMessagingStatus,
  useSendEmail,
  useSendSms,
} from './api';
export { MessagingBanner } from './components/MessagingBanner';
export {
  FOLLOW_FOR_MS,
  isHeld,
  isUnsettled,
  POLL_MS,
  reminderBlockedReason,
  sendFailureDetail,
  sendFailureMessage,
} from './messages';
export { useCustomerReminders } from './useCustomerReminders';
