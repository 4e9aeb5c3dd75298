// What other modules may use of the booking ledger (the `appointments` table).
export { BookingLedgerModule } from './booking-ledger.module.js';
export { AppointmentEntity } from './entities/appointment.entity.js';
export {
  type BlockedSpan,
  type BookedRange,
  type BookingChanges,
  BookingLedgerService,
  type CustomerVisitSummary,
  businessResourceKey,
  type LedgerFilter,
  type LedgerRow,
  type NewBooking,
  readBlockedSpans,
  refusingOverlaps,
  resourceKeyOf,
  slotTaken,
  staffResourceKey,
} from './services/booking-ledger.service.js';
export { BookingTurns } from './services/booking-turns.js';
