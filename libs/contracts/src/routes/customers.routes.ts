// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type {
  CustomerDetail,
  CustomerSummary,
  CustomersQueryInput,
  UpdateCustomerRequest,
} from '../customers.js';
import { route } from './api-route.js';

/** The owner's clients (one per phone number) and their history. */
export const customersRoutes = {
  list: route<CustomerSummary[], undefined, CustomersQueryInput>()('GET', 'business/:id/customers'),
  byId: route<CustomerDetail>()('GET', 'customers/:id'),
  update: route<CustomerDetail, UpdateCustomerRequest>()('PATCH', 'customers/:id'),
} as const;
