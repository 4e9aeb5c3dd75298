import type {
  CustomerDetail,
  CustomerSummary,
  CustomersQueryInput,
  MergeCustomerRequest,
  SplitCustomerRequest,
  UpdateCustomerRequest,
} from '../customers.js';
import type {
  ClientImportJob,
  ClientImportRequestInput,
  ClientImportResult,
} from '../client-import.js';
import { route } from './route.js';

export const customersRoutes = {
  list: route<CustomerSummary[], undefined, CustomersQueryInput>()('GET', 'business/:id/customers'),
  byId: route<CustomerDetail>()('GET', 'customers/:id'),
  update: route<CustomerDetail, UpdateCustomerRequest>()('PATCH', 'customers/:id'),
  merge: route<CustomerDetail, MergeCustomerRequest>()('POST', 'customers/:id/merge'),
  split: route<CustomerDetail, SplitCustomerRequest>()('POST', 'customers/:id/split'),
  import: route<ClientImportResult, ClientImportRequestInput>()(
    'POST',
    'business/:id/clients/import',
  ),
  importJob: route<ClientImportJob>()('GET', 'business/:id/clients/import/:jobId'),
} as const;
