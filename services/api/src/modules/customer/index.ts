// What other modules may use of the customer module (the `customers` table).
export { CustomerModule } from './customer.module.js';
export { CustomerStoreModule } from './customer-store.module.js';
export { CustomerEntity } from './entities/customer.entity.js';
export { clientNameKey } from './client-name.js';
export { customerPhone, normalisePhone, phoneSearchDigits } from './phone.js';
export {
  type CustomerRow,
  type ImportedClient,
  CustomerService,
  type NewCustomer,
} from './services/customer.service.js';
