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
import { defineRoutes } from './route-spec.js';
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

export const availabilitySpecs = defineRoutes(availabilityRoutes, {
  tag: {
    name: 'Availability',
    description:
      'Free times and days for customers; opening hours, staff hours, closures, special hours and time off for owners.',
  },
  routes: {
    timesBySlug: {
      summary: 'Free start times on a date, by booking link',
      description: '`date` is a business-local YYYY-MM-DD or an ISO timestamp. Never cached.',
      errors: [
        ErrorCode.BUSINESS_NOT_FOUND,
        ErrorCode.SERVICE_NOT_FOUND,
        ErrorCode.STAFF_NOT_FOUND,
      ],
      response: AvailableTimeListSchema,
      request: { query: AvailableTimesQuerySchema },
    },
    timesById: {
      summary: 'Free start times on a date, by business id',
      description: '`date` is a business-local YYYY-MM-DD or an ISO timestamp. Never cached.',
      errors: [
        ErrorCode.BUSINESS_NOT_FOUND,
        ErrorCode.SERVICE_NOT_FOUND,
        ErrorCode.STAFF_NOT_FOUND,
      ],
      response: AvailableTimeListSchema,
      request: { query: AvailableTimesQuerySchema },
    },
    daysBySlug: {
      summary: 'Each date of a month: available, closed, fully booked or outside the window',
      errors: [
        ErrorCode.BUSINESS_NOT_FOUND,
        ErrorCode.SERVICE_NOT_FOUND,
        ErrorCode.STAFF_NOT_FOUND,
      ],
      response: AvailableDaysSchema,
      request: { query: AvailableDaysQuerySchema },
    },
    weeklyHours: {
      summary: "The business's weekly opening hours",
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: AvailabilitySchema.array(),
    },
    replaceWeeklyHours: {
      summary: "Replace the business's weekly opening hours (all seven days)",
      description: 'Bookings left outside the new hours stay booked (ask affected-bookings first).',
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: AvailabilitySchema.array(),
      request: { body: WeeklyHoursRequestSchema, example: week },
    },
    affectedBookings: {
      summary: 'Upcoming bookings a proposed change of hours would leave outside them',
      description: 'Nothing is saved.',
      status: 200,
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.STAFF_NOT_FOUND],
      response: AffectedBookingListSchema,
      request: {
        body: AffectedBookingsRequestSchema,
        example: { kind: 'closure', from: '2027-01-26', to: '2027-01-26' },
      },
    },
    staffHours: {
      summary: "A staff member's working hours (their own, or the business's)",
      access: 'owner',
      errors: [ErrorCode.STAFF_NOT_FOUND],
      response: StaffHoursSchema,
    },
    replaceStaffHours: {
      summary: "Set a staff member's own working hours (all seven days)",
      access: 'owner',
      errors: [ErrorCode.STAFF_NOT_FOUND],
      response: StaffHoursSchema,
      request: { body: StaffHoursRequestSchema, example: week },
    },
    clearStaffHours: {
      summary: "A staff member works the business's hours again",
      access: 'owner',
      errors: [ErrorCode.STAFF_NOT_FOUND],
      response: StaffHoursSchema,
    },
    closures: {
      summary: "The business's closures",
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: ClosureListSchema,
    },
    createClosure: {
      summary: 'Close the business for a range of dates',
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: ClosureSchema,
      request: {
        body: CreateClosureRequestSchema,
        example: { from: '2027-12-24', to: '2028-01-02', reason: 'Summer break' },
      },
    },
    removeClosure: {
      summary: 'Remove a closure',
      status: 204,
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: null,
    },
    holidays: {
      summary: "Public holidays of the business's state in the next twelve months",
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: PublicHolidayListSchema,
    },
    specialHours: {
      summary: "The business's special hours (other hours on given dates)",
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: SpecialHoursListSchema,
    },
    setSpecialHours: {
      summary: 'Set (or replace) the hours of one date; no intervals: closed',
      status: 201,
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: SpecialHoursSchema,
      request: {
        body: SpecialHoursRequestSchema,
        example: {
          date: '2027-12-23',
          intervals: [{ openTime: '08:00', closeTime: '20:00' }],
          reason: 'Late night before Christmas',
        },
      },
    },
    removeSpecialHours: {
      summary: "Remove a date's special hours",
      status: 204,
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: null,
    },
    timeOff: {
      summary: "A staff member's time off",
      access: 'owner',
      errors: [ErrorCode.STAFF_NOT_FOUND],
      response: TimeOffListSchema,
    },
    createTimeOff: {
      summary: 'Add time off for a staff member',
      access: 'owner',
      errors: [ErrorCode.STAFF_NOT_FOUND],
      response: TimeOffSchema,
      request: {
        body: CreateTimeOffRequestSchema,
        example: { start: '2027-02-01T00:00:00Z', end: '2027-02-05T00:00:00Z', reason: 'Leave' },
      },
    },
    removeTimeOff: {
      summary: 'Remove time off',
      status: 204,
      access: 'owner',
      errors: [ErrorCode.STAFF_NOT_FOUND],
      response: null,
    },
  },
});
