import { ErrorCode } from '../error-codes.js';
import {
  CustomerDetailSchema,
  CustomerListSchema,
  CustomersQuerySchema,
  MergeCustomerRequestSchema,
  SplitCustomerRequestSchema,
  UpdateCustomerRequestSchema,
} from '../customers.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { customersRoutes } from './customers.routes.js';

export const customersSpecs = defineRoutes(customersRoutes, {
  tag: { name: 'Clients', description: "The owner's clients and their history." },
  routes: {
    list: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's clients by name, searched and paged",
      CustomerListSchema,
      { request: { query: CustomersQuerySchema }, apiKeyScope: 'clients:read' },
    ),
    byId: ownerRoute([ErrorCode.NOT_FOUND], 'A client with their visits', CustomerDetailSchema, {
      apiKeyScope: 'clients:read',
    }),
    update: ownerRoute(
      [ErrorCode.NOT_FOUND, ErrorCode.CUSTOMER_PHONE_TAKEN],
      "Change a client's details or the owner's notes",
      CustomerDetailSchema,
      {
        request: {
          body: UpdateCustomerRequestSchema,
          example: { notes: 'Prefers Mia; sensitive scalp' },
        },
      },
    ),
    merge: ownerRoute(
      [ErrorCode.NOT_FOUND],
      "Merge another client into this one: their appointments move here and they are removed (each appointment keeps the name it was booked with). 404 when either client is not the owner's",
      CustomerDetailSchema,
      {
        status: 200,
        request: { body: MergeCustomerRequestSchema, example: { otherCustomerId: 42 } },
      },
    ),
    split: ownerRoute(
      [ErrorCode.NOT_FOUND],
      "Move some of a client's appointments to a new client with the name they were booked with (same phone); answers the new client. 400 unless the appointments are some, not all, of this client's",
      CustomerDetailSchema,
      {
        status: 200,
        request: { body: SplitCustomerRequestSchema, example: { appointmentIds: [101, 102] } },
      },
    ),
  },
});
