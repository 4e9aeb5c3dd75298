// What other modules may use of the catalog module (the `services` table).
export { CatalogModule } from './catalog.module.js';
export { ServiceEntity } from './entities/service.entity.js';
export { CatalogService, serviceNotFound, toServiceDto } from './services/catalog.service.js';
