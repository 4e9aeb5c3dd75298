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
import { route } from './route.js';

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
  daysBySlug: route<AvailableDays, undefined, AvailableDaysQuery>()(
    'GET',
    'business/slug/:slug/available-days',
  ),
  weeklyHours: route<Availability[]>()('GET', 'business/:id/availability'),
  replaceWeeklyHours: route<Availability[], WeeklyHoursRequest>()(
    'PUT',
    'business/:id/availability',
  ),
  affectedBookings: route<AffectedBooking[], AffectedBookingsRequest>()(
    'POST',
    'business/:id/availability/affected-bookings',
  ),
  staffHours: route<StaffHours>()('GET', 'staff/:id/availability'),
  replaceStaffHours: route<StaffHours, StaffHoursRequest>()('PUT', 'staff/:id/availability'),
  clearStaffHours: route<StaffHours>()('DELETE', 'staff/:id/availability'),
  closures: route<Closure[]>()('GET', 'business/:id/closures'),
  createClosure: route<Closure, CreateClosureRequest>()('POST', 'business/:id/closures'),
  removeClosure: route<void>()('DELETE', 'business/:id/closures/:closureId'),
  holidays: route<PublicHoliday[]>()('GET', 'business/:id/closures/holidays'),
  specialHours: route<SpecialHours[]>()('GET', 'business/:id/special-hours'),
  setSpecialHours: route<SpecialHours, SpecialHoursRequest>()('POST', 'business/:id/special-hours'),
  removeSpecialHours: route<void>()('DELETE', 'business/:id/special-hours/:date'),
  timeOff: route<TimeOff[]>()('GET', 'staff/:id/time-off'),
  createTimeOff: route<TimeOff, CreateTimeOffRequest>()('POST', 'staff/:id/time-off'),
  removeTimeOff: route<void>()('DELETE', 'staff/:id/time-off/:timeOffId'),
} as const;
