// What other modules may use of the activity module (the `activity_log` table, live events).
export { ActivityModule } from './activity.module.js';
export {
  ActivityLog,
  type BookingSnapshot,
  customerActor,
  type OtherChange,
  SYSTEM_ACTOR,
} from './services/activity-log.service.js';
export { LiveEvents } from './services/live-events.service.js';
