import { ErrorCode } from '../error-codes.js';
import {
  CustomerDetailSchema,
  CustomerListSchema,
  CustomersQuerySchema,
  UpdateCustomerRequestSchema,
} from '../customers.js';
import { defineRoutes } from './route-spec.js';
import { customersRoutes } from './customers.routes.js';

export const customersSpecs = defineRoutes(customersRoutes, {
  tag: { name: 'Clients', description: "The owner's clients and their history." },
  routes: {
    list: {
      summary: "The business's clients by name, searched and paged",
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: CustomerListSchema,
      request: { query: CustomersQuerySchema },
    },
    byId: {
      summary: 'A client with their visits',
      access: 'owner',
      errors: [ErrorCode.NOT_FOUND],
      response: CustomerDetailSchema,
    },
    update: {
      summary: "Change a client's details or the owner's notes",
      access: 'owner',
      errors: [ErrorCode.NOT_FOUND, ErrorCode.CUSTOMER_PHONE_TAKEN],
      response: CustomerDetailSchema,
      request: {
        body: UpdateCustomerRequestSchema,
        example: { notes: 'Prefers Mia; sensitive scalp' },
      },
    },
  },
});
