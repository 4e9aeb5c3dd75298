import { ErrorCode } from '../error-codes.js';
import {
  CustomerDetailSchema,
  CustomerListSchema,
  CustomersQuerySchema,
  MergeCustomerRequestSchema,
  SplitCustomerRequestSchema,
  UpdateCustomerRequestSchema,
} from '../customers.js';
import {
  ClientImportJobSchema,
  ClientImportRequestSchema,
  ClientImportResultSchema,
} from '../client-import.js';
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
    import: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.PAYLOAD_TOO_LARGE],
      "Import clients from a CSV (Fresha, Timely, Square or any file, with a column mapping): each row's verdict; with dryRun nothing is written, else the rows are imported as one job, all or nothing (its job comes back: follow it with importJob)",
      ClientImportResultSchema,
      {
        status: 200,
        request: {
          body: ClientImportRequestSchema,
          example: {
            csv: 'First Name,Last Name,Mobile Number\nMia,Chen,0412 345 678\n',
            mapping: { firstName: 'First Name', lastName: 'Last Name', phone: 'Mobile Number' },
            dryRun: true,
          },
        },
      },
    ),
    importJob: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.NOT_FOUND],
      "A client import's progress",
      ClientImportJobSchema,
    ),
  },
});
