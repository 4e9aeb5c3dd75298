import { AppointmentEntity } from '../../modules/appointment/entities/appointment.entity.js';
import { AvailabilityEntity } from '../../modules/availability/entities/availability.entity.js';
import { BusinessEntity } from '../../modules/business/entities/business.entity.js';
import { ServiceEntity } from '../../modules/catalog/entities/service.entity.js';
import { CustomerEntity } from '../../modules/customer/entities/customer.entity.js';
import { StaffMemberEntity } from '../../modules/staff/entities/staff-member.entity.js';

export const ENTITIES = [
  BusinessEntity,
  ServiceEntity,
  StaffMemberEntity,
  AvailabilityEntity,
  CustomerEntity,
  AppointmentEntity,
];
