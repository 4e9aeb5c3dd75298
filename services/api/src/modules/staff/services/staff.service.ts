import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorCode, ErrorMessages, type StaffMember } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { StaffMemberEntity } from '../entities/staff-member.entity.js';

export function staffFullName(staff: Pick<StaffMemberEntity, 'firstName' | 'lastName'>): string {
  return `${staff.firstName} ${staff.lastName}`.trim();
}

export function toStaffDto(staff: StaffMemberEntity): StaffMember {
  return {
    id: staff.id,
    businessId: staff.businessId,
    name: staffFullName(staff),
    firstName: staff.firstName,
    lastName: staff.lastName,
    position: staff.position,
    email: staff.email,
    phone: staff.phone,
    bio: staff.bio,
    avatar: staff.avatar,
    isActive: staff.isActive,
    serviceIds: (staff.services ?? [])
      .filter((s) => s.isActive)
      .map((s) => s.id)
      .sort((a, b) => a - b),
  };
}

@Injectable()
export class StaffService {
  constructor(
    @InjectRepository(StaffMemberEntity) private readonly staff: Repository<StaffMemberEntity>,
  ) {}

  /** Active staff of the business, with the services they offer; optionally only those offering one. */
  async listActive(businessId: number, serviceId?: number): Promise<StaffMemberEntity[]> {
    const rows = await this.staff.find({
      where: { businessId, isActive: true },
      relations: { services: true },
      order: { id: 'ASC' },
    });
    return serviceId === undefined ? rows : rows.filter((s) => offers(s, serviceId));
  }

  /** Active staff of this business; another business's or an inactive one is "not found". */
  async findActiveOrThrow(businessId: number, staffId: number): Promise<StaffMemberEntity> {
    const member = await this.staff.findOne({
      where: { id: staffId, businessId, isActive: true },
      relations: { services: true },
    });
    if (!member) throw new DomainException(ErrorCode.STAFF_NOT_FOUND, ErrorMessages.staffNotFound);
    return member;
  }
}

export function offers(staff: StaffMemberEntity, serviceId: number): boolean {
  return (staff.services ?? []).some((s) => s.id === serviceId);
}
