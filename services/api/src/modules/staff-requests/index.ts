// What other modules may use of the staff-requests module (the `staff_requests` table).
export { StaffRequestsModule } from './staff-requests.module.js';
export { StaffRequestEntity } from './entities/staff-request.entity.js';
