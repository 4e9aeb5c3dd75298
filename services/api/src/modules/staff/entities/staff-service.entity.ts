import { Entity, PrimaryColumn } from 'typeorm';

/** Which staff member offers which service (many-to-many), by id. */
@Entity({ name: 'staff_services' })
export class StaffServiceEntity {
  @PrimaryColumn({ name: 'staff_id', type: 'integer' })
  staffId!: number;

  @PrimaryColumn({ name: 'service_id', type: 'integer' })
  serviceId!: number;
}
