// What other modules may use of the business module (its tables, slugs and ownership).
export { BusinessModule } from './business.module.js';
export { BusinessEntity } from './entities/business.entity.js';
export { BusinessSlugHistoryEntity } from './entities/business-slug-history.entity.js';
export { MembershipEntity } from './entities/membership.entity.js';
export { MembershipService } from './services/membership.service.js';
export {
  type BusinessChanges,
  type BusinessCreationStep,
  BusinessService,
  businessNotFound,
} from './services/business.service.js';
export { type MemberOf, OwnedBusinessRef } from './owned-business.js';
export { OwnedBusiness, OwnerAccess } from './decorators/owner-access.decorator.js';
export type { OwnerAccessOptions } from './decorators/owner-access.options.js';
export { OwnedBusinessGuard } from './guards/owned-business.guard.js';
export { OwnerCrudController, type OwnedRowsService } from './controllers/owner-crud.controller.js';
