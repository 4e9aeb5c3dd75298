import type {
  CustomerDetail,
  CustomerSummary,
  CustomersQueryInput,
  UpdateCustomerRequest,
} from '../customers.js';
import { route } from './route.js';

export const customersRoutes = {
  list: route<CustomerSummary[], undefined, CustomersQueryInput>()('GET', 'business/:id/customers'),
  byId: route<CustomerDetail>()('GET', 'customers/:id'),
  update: route<CustomerDetail, UpdateCustomerRequest>()('PATCH', 'customers/:id'),
} as const;
