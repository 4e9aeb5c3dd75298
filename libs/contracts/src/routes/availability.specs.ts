import {
  AvailabilitySchema,
  AvailableTimeListSchema,
  AvailableTimesQuerySchema,
} from '../availability.js';
import { ErrorCode } from '../error-codes.js';
import {
  AffectedBookingListSchema,
  AffectedBookingsRequestSchema,
  AvailableDaysQuerySchema,
  AvailableDaysSchema,
  ClosureListSchema,
  ClosureSchema,
  CreateClosureRequestSchema,
  CreateTimeOffRequestSchema,
  PublicHolidayListSchema,
  SpecialHoursListSchema,
  SpecialHoursRequestSchema,
  SpecialHoursSchema,
  StaffHoursRequestSchema,
  StaffHoursSchema,
  TimeOffListSchema,
  TimeOffSchema,
  WeeklyHoursRequestSchema,
} from '../schedule.js';
import { defineRoutes, ownerRoute, withBody } from './route-spec.js';
import { availabilityRoutes } from './availability.routes.js';

const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  isOpen: dayOfWeek !== 0,
  intervals:
    dayOfWeek === 0
      ? []
      : [
          { openTime: '09:00', closeTime: '12:30' },
          { openTime: '13:00', closeTime: '17:00' },
        ],
  slotDuration: 15,
}));

/** What a customer's search for free times can miss: the business, the service or the person. */
const FREE_TIME_ERRORS = [
  ErrorCode.BUSINESS_NOT_FOUND,
  ErrorCode.SERVICE_NOT_FOUND,
  ErrorCode.STAFF_NOT_FOUND,
];
/** Both lists of free times on a date: by booking link and by business id. */
const freeTimes = {
  description: '`date` is a business-local YYYY-MM-DD or an ISO timestamp. Never cached.',
  errors: FREE_TIME_ERRORS,
  response: AvailableTimeListSchema,
  request: { query: AvailableTimesQuerySchema },
};

export const availabilitySpecs = defineRoutes(availabilityRoutes, {
  tag: {
    name: 'Availability',
    description:
      'Free times and days for customers; opening hours, staff hours, closures, special hours and time off for owners.',
  },
  routes: {
    timesBySlug: { ...freeTimes, summary: 'Free start times on a date, by booking link' },
    timesById: { ...freeTimes, summary: 'Free start times on a date, by business id' },
    daysBySlug: {
      summary: 'Each date of a month: available, closed, fully booked or outside the window',
      errors: FREE_TIME_ERRORS,
      response: AvailableDaysSchema,
      request: { query: AvailableDaysQuerySchema },
    },
    weeklyHours: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's weekly opening hours",
      AvailabilitySchema.array(),
    ),
    replaceWeeklyHours: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "Replace the business's weekly opening hours (all seven days)",
      AvailabilitySchema.array(),
      {
        description:
          'Bookings left outside the new hours stay booked (ask affected-bookings first).',
        request: { body: WeeklyHoursRequestSchema, example: week },
      },
    ),
    affectedBookings: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.STAFF_NOT_FOUND],
      'Upcoming bookings a proposed change of hours would leave outside them',
      AffectedBookingListSchema,
      {
        description: 'Nothing is saved.',
        status: 200,
        request: {
          body: AffectedBookingsRequestSchema,
          example: { kind: 'closure', from: '2027-01-26', to: '2027-01-26' },
        },
      },
    ),
    staffHours: ownerRoute(
      [ErrorCode.STAFF_NOT_FOUND],
      "A staff member's working hours (their own, or the business's)",
      StaffHoursSchema,
    ),
    replaceStaffHours: ownerRoute(
      [ErrorCode.STAFF_NOT_FOUND],
      "Set a staff member's own working hours (all seven days)",
      StaffHoursSchema,
      { request: { body: StaffHoursRequestSchema, example: week } },
    ),
    clearStaffHours: ownerRoute(
      [ErrorCode.STAFF_NOT_FOUND],
      "A staff member works the business's hours again",
      StaffHoursSchema,
    ),
    closures: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's closures",
      ClosureListSchema,
    ),
    createClosure: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      'Close the business for a range of dates',
      ClosureSchema,
      withBody(CreateClosureRequestSchema, {
        from: '2027-12-24',
        to: '2028-01-02',
        reason: 'Summer break',
      }),
    ),
    removeClosure: ownerRoute([ErrorCode.BUSINESS_NOT_FOUND], 'Remove a closure', null, {
      status: 204,
    }),
    holidays: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "Public holidays of the business's state in the next twelve months",
      PublicHolidayListSchema,
    ),
    specialHours: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's special hours (other hours on given dates)",
      SpecialHoursListSchema,
    ),
    setSpecialHours: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      'Set (or replace) the hours of one date; no intervals: closed',
      SpecialHoursSchema,
      {
        status: 201,
        request: {
          body: SpecialHoursRequestSchema,
          example: {
            date: '2027-12-23',
            intervals: [{ openTime: '08:00', closeTime: '20:00' }],
            reason: 'Late night before Christmas',
          },
        },
      },
    ),
    removeSpecialHours: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "Remove a date's special hours",
      null,
      { status: 204 },
    ),
    timeOff: ownerRoute(
      [ErrorCode.STAFF_NOT_FOUND],
      "A staff member's time off",
      TimeOffListSchema,
    ),
    createTimeOff: ownerRoute(
      [ErrorCode.STAFF_NOT_FOUND],
      'Add time off for a staff member',
      TimeOffSchema,
      withBody(CreateTimeOffRequestSchema, {
        start: '2027-02-01T00:00:00Z',
        end: '2027-02-05T00:00:00Z',
        reason: 'Leave',
      }),
    ),
    removeTimeOff: ownerRoute([ErrorCode.STAFF_NOT_FOUND], 'Remove time off', null, {
      status: 204,
    }),
  },
});
