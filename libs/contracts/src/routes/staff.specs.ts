import { ErrorCode } from '../error-codes.js';
import { CreateStaffRequestSchema, UpdateStaffRequestSchema } from '../owner.js';
import {
  RemoveStaffQuerySchema,
  StaffListSchema,
  StaffMemberSchema,
  StaffQuerySchema,
} from '../staff.js';
import { AffectedBookingListSchema } from '../schedule.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { staffRoutes } from './staff.routes.js';

/** Both lists of a business's staff: by booking link and by id. */
const staffList = {
  errors: [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.SERVICE_NOT_FOUND],
  response: StaffListSchema,
  request: { query: StaffQuerySchema },
};

export const staffSpecs = defineRoutes(staffRoutes, {
  tag: { name: 'Staff', description: 'Who works at a business and what each person offers.' },
  routes: {
    listBySlug: {
      ...staffList,
      summary: "A business's active staff, by its booking link",
      description: 'Without email and phone; only those offering `serviceId` when given.',
    },
    listById: {
      ...staffList,
      summary: "A business's staff: active and public, or everyone in full to its owner",
      access: 'optional-owner',
    },
    create: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.SERVICE_NOT_FOUND, ErrorCode.PLAN_LIMIT_REACHED],
      'Add a staff member',
      StaffMemberSchema,
      {
        request: {
          body: CreateStaffRequestSchema,
          example: { businessId: 7, firstName: 'Mia', lastName: 'Nguyen', serviceIds: [12, 13] },
        },
      },
    ),
    update: ownerRoute(
      [ErrorCode.STAFF_NOT_FOUND, ErrorCode.SERVICE_NOT_FOUND, ErrorCode.PLAN_LIMIT_REACHED],
      'Change a staff member',
      StaffMemberSchema,
      { request: { body: UpdateStaffRequestSchema, example: { title: 'Senior stylist' } } },
    ),
    remove: ownerRoute(
      [ErrorCode.STAFF_NOT_FOUND, ErrorCode.STAFF_HAS_BOOKINGS, ErrorCode.STAFF_REASSIGN_CLASH],
      'Remove a staff member',
      null,
      {
        description:
          'With upcoming bookings, only with a decision about them: `upcoming=reassign&to=<id>` (all or none) or `upcoming=cancel` (each customer is texted).',
        status: 204,
        request: { query: RemoveStaffQuerySchema },
      },
    ),
    upcomingAppointments: ownerRoute(
      [ErrorCode.STAFF_NOT_FOUND],
      "A staff member's bookings still to come, soonest first",
      AffectedBookingListSchema,
    ),
  },
});
