import { ErrorCode } from '../error-codes.js';
import { CreateStaffRequestSchema, UpdateStaffRequestSchema } from '../owner.js';
import {
  RemoveStaffQuerySchema,
  StaffListSchema,
  StaffMemberSchema,
  StaffQuerySchema,
} from '../staff.js';
import { AffectedBookingListSchema } from '../schedule.js';
import { defineRoutes } from './route-spec.js';
import { staffRoutes } from './staff.routes.js';

export const staffSpecs = defineRoutes(staffRoutes, {
  tag: { name: 'Staff', description: 'Who works at a business and what each person offers.' },
  routes: {
    listBySlug: {
      summary: "A business's active staff, by its booking link",
      description: 'Without email and phone; only those offering `serviceId` when given.',
      errors: [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.SERVICE_NOT_FOUND],
      response: StaffListSchema,
      request: { query: StaffQuerySchema },
    },
    listById: {
      summary: "A business's staff: active and public, or everyone in full to its owner",
      access: 'optional-owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.SERVICE_NOT_FOUND],
      response: StaffListSchema,
      request: { query: StaffQuerySchema },
    },
    create: {
      summary: 'Add a staff member',
      access: 'owner',
      errors: [
        ErrorCode.BUSINESS_NOT_FOUND,
        ErrorCode.SERVICE_NOT_FOUND,
        ErrorCode.PLAN_LIMIT_REACHED,
      ],
      response: StaffMemberSchema,
      request: {
        body: CreateStaffRequestSchema,
        example: { businessId: 7, firstName: 'Mia', lastName: 'Nguyen', serviceIds: [12, 13] },
      },
    },
    update: {
      summary: 'Change a staff member',
      access: 'owner',
      errors: [
        ErrorCode.STAFF_NOT_FOUND,
        ErrorCode.SERVICE_NOT_FOUND,
        ErrorCode.PLAN_LIMIT_REACHED,
      ],
      response: StaffMemberSchema,
      request: { body: UpdateStaffRequestSchema, example: { title: 'Senior stylist' } },
    },
    remove: {
      summary: 'Remove a staff member',
      description:
        'With upcoming bookings, only with a decision about them: `upcoming=reassign&to=<id>` (all or none) or `upcoming=cancel` (each customer is texted).',
      status: 204,
      access: 'owner',
      errors: [
        ErrorCode.STAFF_NOT_FOUND,
        ErrorCode.STAFF_HAS_BOOKINGS,
        ErrorCode.STAFF_REASSIGN_CLASH,
      ],
      response: null,
      request: { query: RemoveStaffQuerySchema },
    },
    upcomingAppointments: {
      summary: "A staff member's bookings still to come, soonest first",
      access: 'owner',
      errors: [ErrorCode.STAFF_NOT_FOUND],
      response: AffectedBookingListSchema,
    },
  },
});
