// The booking feature's public face: other features and the app import only what is here.
// Its styles come with it (the reschedule page uses the wizard's classes).
import './booking.css';
export { refusedTime } from './booking-errors';
export { formatZonedTime } from './confirmation';
