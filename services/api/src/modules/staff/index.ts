// What other modules may use of the staff module (`staff_members`, `staff_services`).
export { StaffModule } from './staff.module.js';
export { StaffMemberEntity } from './entities/staff-member.entity.js';
export { StaffServiceEntity } from './entities/staff-service.entity.js';
export { offers, type Staff, StaffService } from './services/staff.service.js';
