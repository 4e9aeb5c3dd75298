// What other modules may use of the availability module (weekly hours and the slot engine).
export { AvailabilityModule } from './availability.module.js';
export { AvailabilityEntity } from './entities/availability.entity.js';
export { ClosureEntity } from './entities/closure.entity.js';
export { SpecialHoursEntity } from './entities/special-hours.entity.js';
export { TimeOffEntity } from './entities/time-off.entity.js';
export {
  AvailabilityService,
  type BookingResource,
  type RequestedSlot,
  type ResourceRef,
} from './services/availability.service.js';
export { WeeklyHoursService } from './services/weekly-hours.service.js';
export { AffectedBookingsService } from './services/affected-bookings.service.js';
export { ScheduleExceptionsService } from './services/schedule-exceptions.service.js';
export { type DaySlot, toIsoString } from './slot-engine.js';
