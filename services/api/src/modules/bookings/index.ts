// What other modules may use of the bookings module (the `appointments` table).
export { BookingsModule } from './bookings.module.js';
export { AppointmentEntity } from './entities/appointment.entity.js';
export {
  type BlockedSpan,
  type BookedRange,
  BookedRanges,
  readBlockedSpans,
} from './services/booked-ranges.service.js';
export { BookingTurns } from './services/booking-turns.js';
export { type ChangedBy } from './services/booking-webhooks.service.js';
export {
  BOOKING_WRITTEN,
  type BookingChanges,
  type BookingFollowUp,
  type BookingStatement,
  type ChangedBooking,
  BookingStep,
  BookingWriter,
  type NewBooking,
  refusingOverlaps,
  slotTaken,
} from './services/booking-writer.service.js';
export {
  type BookedAs,
  bookedAsOf,
  type CustomerVisitSummary,
  DiaryReads,
  type LedgerFilter,
  type LedgerRow,
} from './services/diary-reads.service.js';
export { businessResourceKey, resourceKeyOf, staffResourceKey } from './services/resource-keys.js';
