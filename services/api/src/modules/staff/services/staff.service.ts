import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, IsNull, Not } from 'typeorm';
import {
  type CreateStaffRequestSchema,
  ErrorCode,
  ErrorMessages,
  type PausedItem,
  PLANS,
  type StaffMember,
  staffLimitMessage,
  type UpdateStaffRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { deleteOrArchive } from '../../../core/database/archiving.js';
import { fullName } from '../../../core/database/columns.js';
import { pauseBeyond, restorePaused } from '../../../core/database/plan-pausing.js';
import { rowsById } from '../../../core/database/rows-by-id.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { BookingLedgerService } from '../../booking-ledger/index.js';
import type { BusinessEntity, OwnedBusinessRef } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { StaffMemberEntity } from '../entities/staff-member.entity.js';
import { StaffServiceEntity } from '../entities/staff-service.entity.js';

export type CreateStaffInput = z.output<typeof CreateStaffRequestSchema>;
export type UpdateStaffInput = z.output<typeof UpdateStaffRequestSchema>;

/** A staff member with the ids of the services they offer. */
export type Staff = StaffMemberEntity & { serviceIds: number[] };

const staffNotFound = () =>
  new DomainException(ErrorCode.STAFF_NOT_FOUND, ErrorMessages.staffNotFound);
export const FOREIGN_SERVICE_MESSAGE = 'Choose services offered by this business';

export const offers = (staff: Staff, serviceId: number) => staff.serviceIds.includes(serviceId);

/** `visibleServiceIds`: the services the reader may see among those the person offers. */
export function toStaffDto(staff: Staff, visibleServiceIds: ReadonlySet<number>): StaffMember {
  return {
    id: staff.id,
    businessId: staff.businessId,
    name: fullName(staff),
    firstName: staff.firstName,
    lastName: staff.lastName,
    position: staff.position,
    email: staff.email,
    phone: staff.phone,
    bio: staff.bio,
    avatar: staff.avatar,
    isActive: staff.isActive,
    serviceIds: staff.serviceIds.filter((id) => visibleServiceIds.has(id)).sort((a, b) => a - b),
  };
}

/** The `staff_members` and `staff_services` tables: who works where, and what they offer. */
@Injectable()
export class StaffService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: CatalogService,
    private readonly ledger: BookingLedgerService,
  ) {}

  /** The owner's view: every staff member not archived, inactive ones included. */
  listAll(businessId: number, serviceId?: number): Promise<Staff[]> {
    return this.list({ businessId }, serviceId);
  }

  /** Active staff of the business; optionally only those offering one service. */
  listActive(businessId: number, serviceId?: number): Promise<Staff[]> {
    return this.list({ businessId, isActive: true }, serviceId);
  }

  /** Active staff of this business; another business's or an inactive one is "not found". */
  async findActiveOrThrow(businessId: number, staffId: number): Promise<Staff> {
    const [member] = await this.list({ id: staffId, businessId, isActive: true });
    if (!member) throw staffNotFound();
    return member;
  }

  /** One of the business's staff members (active or not); another business's is "not found". */
  findOwnedOrThrow(
    businessId: number,
    staffId: number,
    em: EntityManager = this.dataSource.manager,
  ): Promise<StaffMemberEntity> {
    return this.findOwned(em, businessId, staffId);
  }

  /** Staff by id, archived ones included (history keeps its staff member's name). */
  byIds(
    ids: readonly number[],
    em: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, StaffMemberEntity>> {
    return rowsById(em, StaffMemberEntity, ids);
  }

  /** DTOs of staff as the owner sees them (services that are not archived). */
  async ownerView(businessId: number, staff: readonly Staff[]): Promise<StaffMember[]> {
    const visible = await this.catalog.ownIds(businessId, 'all');
    return staff.map((member) => toStaffDto(member, visible));
  }

  /** DTOs of staff as customers see them: active services only, no contact details. */
  async publicView(businessId: number, staff: readonly Staff[]): Promise<StaffMember[]> {
    const visible = await this.catalog.ownIds(businessId, 'all', { activeOnly: true });
    return staff.map((member) => ({ ...toStaffDto(member, visible), email: null, phone: null }));
  }

  async create(owned: OwnedBusinessRef, input: CreateStaffInput): Promise<StaffMember> {
    return this.dataSource.transaction(async (em) => {
      const business = await owned.lock(em);
      await this.assertStaffRoom(em, business);
      const serviceIds = await this.servicesOf(em, business.id, input.serviceIds);
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
        }),
      );
      await this.link(em, saved.id, serviceIds);
      return this.ownerDto(em, business.id, saved.id);
    });
  }

  async update(
    owned: OwnedBusinessRef,
    staffId: number,
    input: UpdateStaffInput,
  ): Promise<StaffMember> {
    return this.dataSource.transaction(async (em) => {
      const member = await this.findOwned(em, owned.id, staffId);
      const changes: Partial<StaffMemberEntity> = {
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.title !== undefined ? { position: input.title } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(input.profileImage !== undefined ? { avatar: input.profileImage } : {}),
      };
      if (Object.keys(changes).length > 0) {
        await em.update(StaffMemberEntity, { id: member.id }, changes);
      }
      if (input.serviceIds !== undefined) {
        const serviceIds = await this.servicesOf(em, member.businessId, input.serviceIds);
        await em.delete(StaffServiceEntity, { staffId: member.id });
        await this.link(em, member.id, serviceIds);
      }
      return this.ownerDto(em, owned.id, member.id);
    });
  }

  /** One of the business's staff members, locked until `em`'s transaction ends (a removal). */
  async lockOwnedOrThrow(
    em: EntityManager,
    businessId: number,
    staffId: number,
  ): Promise<StaffMemberEntity> {
    const member = await em.findOne(StaffMemberEntity, {
      where: { id: staffId, businessId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!member) throw staffNotFound();
    return member;
  }

  /**
   * Deleted, or archived when appointments point at them (the history keeps its staff member).
   * The staff-departure module calls it once the person's upcoming bookings are dealt with.
   */
  async remove(em: EntityManager, member: StaffMemberEntity): Promise<void> {
    const referenced = await this.ledger.isReferenced(em, { staffId: member.id });
    await deleteOrArchive(em, StaffMemberEntity, member.id, referenced);
  }

  private async list(
    where: { businessId: number; id?: number; isActive?: boolean },
    serviceId?: number,
    em: EntityManager = this.dataSource.manager,
  ): Promise<Staff[]> {
    const members = await em.find(StaffMemberEntity, { where, order: { id: 'ASC' } });
    const staff = await this.withServices(em, members);
    return serviceId === undefined ? staff : staff.filter((s) => offers(s, serviceId));
  }

  private async withServices(em: EntityManager, members: StaffMemberEntity[]): Promise<Staff[]> {
    if (members.length === 0) return [];
    const links = await em.find(StaffServiceEntity, {
      where: { staffId: In(members.map((m) => m.id)) },
    });
    return members.map((m) =>
      Object.assign(m, {
        serviceIds: links.filter((l) => l.staffId === m.id).map((l) => l.serviceId),
      }),
    );
  }

  private async ownerDto(em: EntityManager, businessId: number, id: number) {
    const [member] = await this.list({ businessId, id }, undefined, em);
    const visible = await this.catalog.ownIds(businessId, 'all', { em });
    return toStaffDto(member!, visible);
  }

  private async findOwned(em: EntityManager, businessId: number, staffId: number) {
    const member = await em.findOneBy(StaffMemberEntity, { id: staffId, businessId });
    if (!member) throw staffNotFound();
    return member;
  }

  private async link(em: EntityManager, staffId: number, serviceIds: readonly number[]) {
    if (serviceIds.length === 0) return;
    await em.insert(
      StaffServiceEntity,
      serviceIds.map((serviceId) => ({ staffId, serviceId })),
    );
  }

  /** The chosen services, all of this business and not archived; anything else is refused. */
  private async servicesOf(
    em: EntityManager,
    businessId: number,
    serviceIds: readonly number[],
  ): Promise<number[]> {
    const unique = [...new Set(serviceIds)];
    const own = await this.catalog.ownIds(businessId, unique, { em });
    if (own.size !== unique.length) {
      throw new ValidationFailedException(FOREIGN_SERVICE_MESSAGE, [
        { path: 'serviceIds', message: FOREIGN_SERVICE_MESSAGE },
      ]);
    }
    return unique;
  }

  /** The plan's staff limit (with the spec's texts), checked with the business row locked. */
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

  /** A lapse to a smaller plan: the staff beyond `keep` are paused (see plan-pausing.ts). */
  pauseBeyond(em: EntityManager, businessId: number, keep: number | null): Promise<void> {
    return pauseBeyond(em, 'staff_members', businessId, keep);
  }

  /** Back on a larger plan: paused staff return, oldest first, up to `max`. */
  restorePaused(em: EntityManager, businessId: number, max: number | null): Promise<void> {
    return restorePaused(em, 'staff_members', businessId, max);
  }

  /** The staff a plan lapse paused, for the owner to see. */
  async paused(em: EntityManager, businessId: number): Promise<PausedItem[]> {
    const rows = await em.find(StaffMemberEntity, {
      where: { businessId, planPausedAt: Not(IsNull()), isActive: false },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((s) => ({ id: s.id, name: fullName(s) }));
  }
}
