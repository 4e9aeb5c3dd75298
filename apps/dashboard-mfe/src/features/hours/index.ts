// The hours feature's public face: other features and the app import only what is here.
// Its styles come with it (other features use its classes).
import './schedule.css';
export { useSaveWeeklyHours, useWeeklyHours } from './api';
export { AffectedBookingItem, AffectedBookingsDialog } from './components/AffectedBookingsDialog';
export { BusinessHoursTab } from './components/BusinessHoursTab';
export { DayEditor } from './components/DayEditor';
export { IntervalsEditor } from './components/IntervalsEditor';
export {
  DAY_NAMES,
  dayInvalid,
  DISPLAY_ORDER,
  requestIntervals,
  savedIntervals,
  updateDay,
} from './hours';
export {
  DEFAULT_INTERVAL,
  formatIntervals,
  hasIntervalErrors,
  type Interval,
  sortIntervals,
  WORKING_TEXTS,
} from './intervals';
export { useAffectedBookings } from './useAffectedBookings';
