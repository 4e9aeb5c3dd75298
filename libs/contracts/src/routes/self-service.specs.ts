import { ErrorCode } from '../error-codes.js';
import { z } from 'zod';
import {
  CancelAppointmentRequestSchema,
  CancelAppointmentResponseSchema,
  LinkTokenSchema,
  RescheduleDetailsSchema,
  RescheduleRequestSchema,
  RescheduleResponseSchema,
} from '../self-service.js';
import { defineRoutes } from './route-spec.js';
import { selfServiceRoutes } from './self-service.routes.js';

/** `?token=` of a customer's link (the link is the credential). */
const LinkTokenQuerySchema = z.object({ token: LinkTokenSchema });

/** What a customer's link can meet: unknown or used, a cancelled booking, the cut-off passed. */
const LINK_ERRORS = [
  ErrorCode.LINK_INVALID,
  ErrorCode.ALREADY_CANCELLED,
  ErrorCode.CHANGE_CUTOFF_PASSED,
];
/** A GET opened from a customer's SMS, the link's token in the query. */
const byLinkInQuery = {
  rateLimited: true,
  errors: LINK_ERRORS,
  request: { query: LinkTokenQuerySchema },
};

export const selfServiceSpecs = defineRoutes(selfServiceRoutes, {
  tag: {
    name: 'Customer links',
    description: 'The cancel and reschedule links sent to customers (the link is the credential).',
  },
  routes: {
    cancel: {
      summary: 'Cancel a booking with the link from its SMS',
      description: 'A GET because links in SMS are followed; it changes state and is never cached.',
      ...byLinkInQuery,
      response: CancelAppointmentResponseSchema,
    },
    cancelByPost: {
      summary: "Cancel a booking from the cancel page's button",
      description:
        'The token goes in the body: opening the link only shows the booking (mail scanners open links).',
      status: 200,
      rateLimited: true,
      errors: [...LINK_ERRORS, ErrorCode.BOOKING_BUSY],
      response: CancelAppointmentResponseSchema,
      request: {
        body: CancelAppointmentRequestSchema,
        example: { token: 'q8V1yXk2m4Tn7Rb0Lc5Pd9Ws' },
      },
    },
    cancelDetails: {
      summary: 'The booking behind a cancel link, without cancelling it',
      ...byLinkInQuery,
      response: RescheduleDetailsSchema,
    },
    rescheduleDetails: {
      summary: 'The booking behind a reschedule link',
      ...byLinkInQuery,
      response: RescheduleDetailsSchema,
    },
    reschedule: {
      summary: 'Move a booking with its reschedule link',
      status: 200,
      rateLimited: true,
      errors: [
        ...LINK_ERRORS,
        ErrorCode.SLOT_UNAVAILABLE,
        ErrorCode.SLOT_TAKEN,
        ErrorCode.BOOKING_BUSY,
      ],
      response: RescheduleResponseSchema,
      request: {
        body: RescheduleRequestSchema,
        example: { token: 'q8V1yXk2m4Tn7Rb0Lc5Pd9Ws', date: '2027-01-07T00:00:00.000Z' },
      },
    },
  },
});
