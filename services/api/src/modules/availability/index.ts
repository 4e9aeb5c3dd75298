// What other modules may use of the availability module (weekly hours and the slot engine).
export { AvailabilityModule } from './availability.module.js';
export { AvailabilityEntity } from './entities/availability.entity.js';
export {
  AvailabilityService,
  type BookingResource,
  type DaySchedule,
} from './services/availability.service.js';
export { WeeklyHoursService } from './services/weekly-hours.service.js';
export { freeResourcesFor, type GridSlot, toIsoString } from './slot-engine.js';
