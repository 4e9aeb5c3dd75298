// What other modules may use of the reports module.
export { ReportsModule } from './reports.module.js';
