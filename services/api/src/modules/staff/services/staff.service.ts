import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, Repository } from 'typeorm';
import {
  type CreateStaffRequestSchema,
  ErrorCode,
  ErrorMessages,
  PLANS,
  type StaffMember,
  staffLimitMessage,
  type UpdateStaffRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { BusinessEntity } from '../../business/entities/business.entity.js';
import { BusinessService } from '../../business/services/business.service.js';
import { ServiceEntity } from '../../catalog/entities/service.entity.js';
import { hasAppointments } from '../../catalog/services/catalog.service.js';
import { StaffMemberEntity } from '../entities/staff-member.entity.js';

export type CreateStaffInput = z.output<typeof CreateStaffRequestSchema>;
export type UpdateStaffInput = z.output<typeof UpdateStaffRequestSchema>;

const staffNotFound = () =>
  new DomainException(ErrorCode.STAFF_NOT_FOUND, ErrorMessages.staffNotFound);
export const FOREIGN_SERVICE_MESSAGE = 'Choose services offered by this business';

export function staffFullName(staff: Pick<StaffMemberEntity, 'firstName' | 'lastName'>): string {
  return `${staff.firstName} ${staff.lastName}`.trim();
}

/** `ownerView` lists inactive services among serviceIds too (the owner's editor shows them). */
export function toStaffDto(staff: StaffMemberEntity, ownerView = false): StaffMember {
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
      .filter((s) => ownerView || s.isActive)
      .map((s) => s.id)
      .sort((a, b) => a - b),
  };
}

@Injectable()
export class StaffService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(StaffMemberEntity) private readonly staff: Repository<StaffMemberEntity>,
    private readonly businessService: BusinessService,
  ) {}

  /** The owner's view: every staff member not archived, inactive ones included. */
  async listAll(businessId: number, serviceId?: number): Promise<StaffMemberEntity[]> {
    const rows = await this.staff.find({
      where: { businessId },
      relations: { services: true },
      order: { id: 'ASC' },
    });
    return serviceId === undefined ? rows : rows.filter((s) => offers(s, serviceId));
  }

  async create(userId: string, input: CreateStaffInput): Promise<StaffMember> {
    return this.dataSource.transaction(async (em) => {
      const business = await this.businessService.findOwnedOrThrow(input.businessId, userId, em);
      await this.assertStaffRoom(em, business);
      const services = await this.servicesOf(em, business.id, input.serviceIds);
      const saved = await em.save(
        em.create(StaffMemberEntity, {
          businessId: business.id,
          firstName: input.firstName,
          lastName: input.lastName,
          position: input.title,
          email: input.email,
          phone: input.phone,
          bio: input.bio,
          avatar: input.profileImage,
          isActive: true,
          services,
        }),
      );
      return toStaffDto(await this.reload(em, saved.id), true);
    });
  }

  async update(userId: string, staffId: number, input: UpdateStaffInput): Promise<StaffMember> {
    return this.dataSource.transaction(async (em) => {
      const member = await this.findOwned(em, staffId, userId);
      const changes: Partial<StaffMemberEntity> = {
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.title !== undefined ? { position: input.title } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(input.profileImage !== undefined ? { avatar: input.profileImage } : {}),
      };
      Object.assign(member, changes);
      if (input.serviceIds !== undefined) {
        member.services = await this.servicesOf(em, member.businessId, input.serviceIds);
      }
      await em.save(member);
      return toStaffDto(await this.reload(em, member.id), true);
    });
  }

  /** Deleted, or archived when appointments point at them (the history keeps its staff member). */
  async remove(userId: string, staffId: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const member = await this.findOwned(em, staffId, userId);
      if (await hasAppointments(em, 'staff_id', member.id)) {
        await em.update(StaffMemberEntity, { id: member.id }, { isActive: false });
        await em.softDelete(StaffMemberEntity, { id: member.id });
      } else {
        await em.delete(StaffMemberEntity, { id: member.id });
      }
    });
  }

  private reload(em: EntityManager, id: number): Promise<StaffMemberEntity> {
    return em.findOneOrFail(StaffMemberEntity, { where: { id }, relations: { services: true } });
  }

  private async findOwned(
    em: EntityManager,
    staffId: number,
    userId: string,
  ): Promise<StaffMemberEntity> {
    const member = await em.findOne(StaffMemberEntity, {
      where: { id: staffId },
      relations: { services: true },
    });
    if (!member) throw staffNotFound();
    await this.businessService.findOwnedOrThrow(member.businessId, userId, em).catch(() => {
      throw staffNotFound();
    });
    return member;
  }

  /** The chosen services, all of this business and not archived; anything else is refused. */
  private async servicesOf(
    em: EntityManager,
    businessId: number,
    serviceIds: readonly number[],
  ): Promise<ServiceEntity[]> {
    const unique = [...new Set(serviceIds)];
    if (unique.length === 0) return [];
    const services = await em.findBy(ServiceEntity, { id: In(unique), businessId });
    if (services.length !== unique.length) {
      throw new ValidationFailedException(FOREIGN_SERVICE_MESSAGE, [
        { path: 'serviceIds', message: FOREIGN_SERVICE_MESSAGE },
      ]);
    }
    return services;
  }

  /** Decision 15: the plan's staff limit (spec section 8's texts), with the business row locked. */
  private async assertStaffRoom(em: EntityManager, business: BusinessEntity): Promise<void> {
    const max = PLANS[business.subscriptionPlan].maxStaff;
    if (max === null) return;
    const count = await em.countBy(StaffMemberEntity, { businessId: business.id });
    if (count >= max) {
      throw new DomainException(
        ErrorCode.PLAN_LIMIT_REACHED,
        staffLimitMessage(business.subscriptionPlan),
      );
    }
  }

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
    if (!member) throw staffNotFound();
    return member;
  }
}

export function offers(staff: StaffMemberEntity, serviceId: number): boolean {
  return (staff.services ?? []).some((s) => s.id === serviceId);
}
