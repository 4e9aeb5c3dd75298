// What other modules and the entry points may use of the client-import module.
export { ClientImportModule } from './client-import.module.js';
export { ClientImportWorkerModule } from './client-import-worker.module.js';
