import { ErrorCode } from '../error-codes.js';
import {
  CreateStaffChangeRequestSchema,
  DeclineStaffChangeRequestSchema,
  StaffChangeRequestListSchema,
  StaffChangeRequestQuerySchema,
  StaffChangeRequestSchema,
} from '../staff-requests.js';
import { defineRoutes, ownerRoute, withBody } from './route-spec.js';
import { staffRequestsRoutes } from './staff-requests.routes.js';

const NOT_FOUND = [ErrorCode.BUSINESS_NOT_FOUND];
const REQUEST_NOT_FOUND = [...NOT_FOUND, ErrorCode.STAFF_REQUEST_NOT_FOUND];

export const staffRequestsSpecs = defineRoutes(staffRequestsRoutes, {
  tag: {
    name: 'Staff requests',
    description:
      'Staff ask to change their own weekly hours or take time off; an owner or manager approves (the change is applied as a direct edit would be) or declines.',
  },
  routes: {
    list: ownerRoute(
      NOT_FOUND,
      "Requests, newest first: every staff member's for owners and managers, the caller's own for staff",
      StaffChangeRequestListSchema,
      { request: { query: StaffChangeRequestQuerySchema } },
    ),
    create: ownerRoute(
      [
        ...NOT_FOUND,
        ErrorCode.STAFF_NOT_FOUND,
        ErrorCode.STAFF_REQUEST_CONFLICT,
        ErrorCode.FORBIDDEN,
      ],
      'Ask to change your own weekly hours (`hours`, all seven days) or for time off (`time-off`)',
      StaffChangeRequestSchema,
      {
        status: 201,
        ...withBody(CreateStaffChangeRequestSchema, {
          kind: 'time-off',
          start: '2027-02-01T22:00:00.000Z',
          end: '2027-02-03T22:00:00.000Z',
          note: 'Family wedding',
        }),
      },
    ),
    withdraw: ownerRoute(
      [...REQUEST_NOT_FOUND, ErrorCode.STAFF_REQUEST_CONFLICT],
      'Withdraw your own pending request',
      null,
      { status: 204 },
    ),
    approve: ownerRoute(
      [
        ...REQUEST_NOT_FOUND,
        ErrorCode.STAFF_REQUEST_CONFLICT,
        ErrorCode.SCHEDULE_OVERLAP,
        ErrorCode.VALIDATION_FAILED,
      ],
      'Approve a pending request: the hours or time off are saved as a direct edit would save them, and the staff member is emailed',
      StaffChangeRequestSchema,
      { status: 200 },
    ),
    decline: ownerRoute(
      [...REQUEST_NOT_FOUND, ErrorCode.STAFF_REQUEST_CONFLICT],
      'Decline a pending request, with an optional reason the staff member is emailed',
      StaffChangeRequestSchema,
      {
        status: 200,
        ...withBody(DeclineStaffChangeRequestSchema, { reason: 'We are short that week' }),
      },
    ),
  },
});
