// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type { Availability, AvailableTime, AvailableTimesQuery } from '../availability.js';
import type {
  AffectedBooking,
  AffectedBookingsRequest,
  AvailableDays,
  AvailableDaysQuery,
  Closure,
  CreateClosureRequest,
  CreateTimeOffRequest,
  PublicHoliday,
  SpecialHours,
  SpecialHoursRequest,
  StaffHours,
  StaffHoursRequest,
  TimeOff,
  WeeklyHoursRequest,
} from '../schedule.js';
import { route } from './api-route.js';

export const availabilityRoutes = {
  timesBySlug: route<
    AvailableTime[],
    undefined,
    Omit<AvailableTimesQuery, 'nocache'> & { nocache?: number }
  >()('GET', 'business/slug/:slug/available-times'),
  timesById: route<
    AvailableTime[],
    undefined,
    Omit<AvailableTimesQuery, 'nocache'> & { nocache?: number }
  >()('GET', 'business/:id/available-times'),
  /** The month's dates and whether each has a free slot (closed, fully booked, outside the window). */
  daysBySlug: route<AvailableDays, undefined, AvailableDaysQuery>()(
    'GET',
    'business/slug/:slug/available-days',
  ),
  weeklyHours: route<Availability[]>()('GET', 'business/:id/availability'),
  replaceWeeklyHours: route<Availability[], WeeklyHoursRequest>()(
    'PUT',
    'business/:id/availability',
  ),
  /** Upcoming bookings a proposed change of hours would leave outside them (nothing is saved). */
  affectedBookings: route<AffectedBooking[], AffectedBookingsRequest>()(
    'POST',
    'business/:id/availability/affected-bookings',
  ),
  staffHours: route<StaffHours>()('GET', 'staff/:id/availability'),
  replaceStaffHours: route<StaffHours, StaffHoursRequest>()('PUT', 'staff/:id/availability'),
  /** The person works the business's hours again. */
  clearStaffHours: route<StaffHours>()('DELETE', 'staff/:id/availability'),
  closures: route<Closure[]>()('GET', 'business/:id/closures'),
  createClosure: route<Closure, CreateClosureRequest>()('POST', 'business/:id/closures'),
  removeClosure: route<void>()('DELETE', 'business/:id/closures/:closureId'),
  /** Public holidays of the business's state in the next twelve months. */
  holidays: route<PublicHoliday[]>()('GET', 'business/:id/closures/holidays'),
  specialHours: route<SpecialHours[]>()('GET', 'business/:id/special-hours'),
  /** Sets (or replaces) the hours of one date. */
  setSpecialHours: route<SpecialHours, SpecialHoursRequest>()('POST', 'business/:id/special-hours'),
  removeSpecialHours: route<void>()('DELETE', 'business/:id/special-hours/:date'),
  timeOff: route<TimeOff[]>()('GET', 'staff/:id/time-off'),
  createTimeOff: route<TimeOff, CreateTimeOffRequest>()('POST', 'staff/:id/time-off'),
  removeTimeOff: route<void>()('DELETE', 'staff/:id/time-off/:timeOffId'),
} as const;
