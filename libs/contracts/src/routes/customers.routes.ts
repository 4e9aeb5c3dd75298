import type {
  CustomerDetail,
  CustomerSummary,
  CustomersQueryInput,
  MergeCustomerRequest,
  SplitCustomerRequest,
  UpdateCustomerRequest,
} from '../customers.js';
import { route } from './route.js';

export const customersRoutes = {
  list: route<CustomerSummary[], undefined, CustomersQueryInput>()('GET', 'business/:id/customers'),
  byId: route<CustomerDetail>()('GET', 'customers/:id'),
  update: route<CustomerDetail, UpdateCustomerRequest>()('PATCH', 'customers/:id'),
  merge: route<CustomerDetail, MergeCustomerRequest>()('POST', 'customers/:id/merge'),
  split: route<CustomerDetail, SplitCustomerRequest>()('POST', 'customers/:id/split'),
} as const;
