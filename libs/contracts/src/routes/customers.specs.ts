import { ErrorCode } from '../error-codes.js';
import {
  CustomerDetailSchema,
  CustomerListSchema,
  CustomersQuerySchema,
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
      { request: { query: CustomersQuerySchema } },
    ),
    byId: ownerRoute([ErrorCode.NOT_FOUND], 'A client with their visits', CustomerDetailSchema),
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
  },
});
