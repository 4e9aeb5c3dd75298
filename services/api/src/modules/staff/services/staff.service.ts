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
import { BusinessCache, frozenRows, type ReadFrom } from '../../../core/cache/business-cache.js';
import type { BookingConstraint } from '../../../core/database/booking-constraint.js';
import { deleteOrArchive } from '../../../core/database/archiving.js';
import { fullName } from '../../../core/database/columns.js';
import { pauseBeyond, restorePaused } from '../../../core/database/plan-pausing.js';
import { rowsById } from '../../../core/database/rows-by-id.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { ActivityLog } from '../../activity/index.js';
import { DiaryReads } from '../../bookings/index.js';
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

export const offers = (staff: Readonly<Staff>, serviceId: number) =>
  staff.serviceIds.includes(serviceId);

/** A staff member with their service links, as one query reads them (no entity hydration). */
/** The columns a create or update request gives (an update gives some), by their names. */
function staffFields(input: UpdateStaffInput): Partial<StaffMemberEntity> {
  const fields: Partial<StaffMemberEntity> = {
    firstName: input.firstName,
    lastName: input.lastName,
    position: input.title,
    email: input.email,
    phone: input.phone,
    bio: input.bio,
    avatar: input.profileImage,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** What a booking reads of its staff member, and what of them no booking depends on. */
const STAFF_AS_READ_COVERAGE = {
  staff_members: {
    checked: [
      'id',
      'business_id',
      'is_active',
      'deleted_at',
      'first_name',
      'last_name',
      'position',
    ],
    // Contact details and the profile are not in a booking; a plan's pause also deactivates.
    ignored: ['email', 'phone', 'bio', 'avatar', 'created_at', 'updated_at', 'plan_paused_at'],
  },
  staff_services: { checked: ['staff_id', 'service_id'], ignored: [] },
};

/** A booking of the business itself depends on nobody active offering the service. */
const NOBODY_OFFERS_COVERAGE = {
  staff_members: {
    checked: ['id', 'business_id', 'is_active', 'deleted_at'],
    ignored: [
      'first_name',
      'last_name',
      'position',
      'email',
      'phone',
      'bio',
      'avatar',
      'created_at',
      'updated_at',
      'plan_paused_at',
    ],
  },
  staff_services: { checked: ['staff_id', 'service_id'], ignored: [] },
};

interface CachedStaffRow {
  id: number;
  business_id: number;
  is_active: boolean;
  plan_paused_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  first_name: string;
  last_name: string;
  position: string | null;
  email: string | null;
  phone: string | null;
  bio: string | null;
  avatar: string | null;
  service_ids: number[];
}

const toStaff = (r: CachedStaffRow): Staff => ({
  id: r.id,
  businessId: r.business_id,
  isActive: r.is_active,
  planPausedAt: r.plan_paused_at,
  deletedAt: r.deleted_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  firstName: r.first_name,
  lastName: r.last_name,
  position: r.position,
  email: r.email,
  phone: r.phone,
  bio: r.bio,
  avatar: r.avatar,
  serviceIds: Object.freeze(r.service_ids) as number[],
});

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
    private readonly ledger: DiaryReads,
    private readonly cache: BusinessCache,
    private readonly activity: ActivityLog,
  ) {}

  /** The staff member's change in Settings → Activity, in the change's transaction. */
  logged(
    em: EntityManager,
    owned: OwnedBusinessRef,
    member: Pick<StaffMemberEntity, 'id' | 'firstName' | 'lastName'>,
    action: 'created' | 'updated' | 'deleted',
  ) {
    return this.activity.otherChanged(
      {
        businessId: owned.id,
        subject: 'staff',
        subjectId: member.id,
        action,
        summary: `Staff member ${member.firstName} ${member.lastName} ${action}`.replace(
          /\s+/g,
          ' ',
        ),
        actor: owned.actor,
      },
      em,
    );
  }

  /**
   * The business's staff (not archived, inactive included, by id) with the services each offers,
   * as this process's cache has them: frozen, shared by every request, dropped when the business
   * changes (core/cache). For the public reads, and public bookings (whose statement checks it:
   * `offersAsRead`, `nobodyOffers`).
   */
  private cachedMembers(businessId: number): Promise<readonly Readonly<Staff>[]> {
    return this.cache.read(businessId, 'staff:members', { cached: true }, async () => {
      const rows: CachedStaffRow[] = await this.dataSource.query(
        `SELECT m.id, m.business_id, m.is_active, m.plan_paused_at, m.deleted_at, m.created_at,
                m.updated_at, m.first_name, m.last_name, m.position, m.email, m.phone, m.bio,
                m.avatar,
                COALESCE(array_agg(l.service_id ORDER BY l.service_id)
                           FILTER (WHERE l.service_id IS NOT NULL), '{}') AS service_ids
           FROM staff_members m LEFT JOIN staff_services l ON l.staff_id = m.id
          WHERE m.business_id = $1 AND m.deleted_at IS NULL
          GROUP BY m.id
          ORDER BY m.id`,
        [businessId],
      );
      return frozenRows(rows.map(toStaff));
    });
  }

  /** The owner's view: every staff member not archived, inactive ones included. */
  listAll(businessId: number, serviceId?: number): Promise<Staff[]> {
    return this.list({ businessId }, serviceId);
  }

  /** Active staff of the business; optionally only those offering one service. */
  async listActive(
    businessId: number,
    serviceId?: number,
    from: ReadFrom = {},
  ): Promise<Readonly<Staff>[]> {
    if (!from.cached) return this.list({ businessId, isActive: true }, serviceId, from.em);
    const staff = await this.cachedMembers(businessId);
    return staff.filter((s) => s.isActive && (serviceId === undefined || offers(s, serviceId)));
  }

  /**
   * Active staff of this business; another business's or an inactive one is "not found". Inside a
   * transaction pass its `em`: a request holding a connection must not wait for a second one.
   */
  async findActiveOrThrow(
    businessId: number,
    staffId: number,
    from: ReadFrom = {},
  ): Promise<Readonly<Staff>> {
    const [member] = from.cached
      ? (await this.cachedMembers(businessId)).filter((s) => s.id === staffId && s.isActive)
      : await this.list({ id: staffId, businessId, isActive: true }, undefined, from.em);
    if (!member) throw staffNotFound();
    return member;
  }

  /**
   * For a public booking written in one statement on the strength of `staff` as read earlier
   * (from the cache): a condition that holds while they are still an active staff member of the
   * business offering the service, under the same name and title. Checked when the statement
   * runs, so an old copy cannot let a booking through that the tables would refuse.
   */
  offersAsRead(staff: Readonly<Staff>, serviceId: number): BookingConstraint {
    return {
      name: 'staff member as read',
      covers: STAFF_AS_READ_COVERAGE,
      sql: (p) => `EXISTS (SELECT 1 FROM staff_members m
                      JOIN staff_services l ON l.staff_id = m.id
                     WHERE m.id = ${p.add(staff.id)} AND m.business_id = ${p.add(staff.businessId)}
                       AND m.is_active AND m.deleted_at IS NULL
                       AND l.service_id = ${p.add(serviceId)}
                       AND m.first_name = ${p.add(staff.firstName)}
                       AND m.last_name = ${p.add(staff.lastName)}
                       AND m.position IS NOT DISTINCT FROM ${p.add(staff.position, 'text')})`,
    };
  }

  /**
   * The same for a booking of the business itself as the resource: holds while no active staff
   * member of the business offers the service (one who does would take its bookings).
   */
  nobodyOffers(businessId: number, serviceId: number): BookingConstraint {
    return {
      name: 'nobody offers the service',
      covers: NOBODY_OFFERS_COVERAGE,
      sql: (p) => `NOT EXISTS (SELECT 1 FROM staff_members m
                          JOIN staff_services l ON l.staff_id = m.id
                         WHERE m.business_id = ${p.add(businessId)}
                           AND m.is_active AND m.deleted_at IS NULL
                           AND l.service_id = ${p.add(serviceId)})`,
    };
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
  async publicView(businessId: number, staff: readonly Readonly<Staff>[]): Promise<StaffMember[]> {
    const services = await this.catalog.services(businessId, { cached: true });
    const visible = new Set(services.filter((s) => s.isActive).map((s) => s.id));
    return staff.map((member) => ({ ...toStaffDto(member, visible), email: null, phone: null }));
  }

  async create(owned: OwnedBusinessRef, input: CreateStaffInput): Promise<StaffMember> {
    return this.dataSource.transaction(async (em) => {
      const business = await owned.lock(em);
      await this.assertStaffRoom(em, business);
      const saved = await em.save(
        em.create(StaffMemberEntity, {
          businessId: business.id,
          ...staffFields(input),
          isActive: true,
        }),
      );
      await this.logged(em, owned, saved, 'created');
      return this.offering(em, business.id, saved.id, input.serviceIds);
    });
  }

  async update(
    owned: OwnedBusinessRef,
    staffId: number,
    input: UpdateStaffInput,
  ): Promise<StaffMember> {
    return this.dataSource.transaction(async (em) => {
      const member = await this.findOwned(em, owned.id, staffId);
      const changes = staffFields(input);
      if (Object.keys(changes).length > 0) {
        await em.update(StaffMemberEntity, { id: member.id }, changes);
      }
      await this.logged(em, owned, { ...member, ...changes }, 'updated');
      return this.offering(em, owned.id, member.id, input.serviceIds);
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

  /**
   * The person offers `serviceIds` (the business's own, else 400) instead of what they offered;
   * undefined leaves that as it is. Answers the owner's view of them.
   */
  private async offering(
    em: EntityManager,
    businessId: number,
    staffId: number,
    serviceIds: readonly number[] | undefined,
  ): Promise<StaffMember> {
    if (serviceIds !== undefined) {
      const own = await this.servicesOf(em, businessId, serviceIds);
      await em.delete(StaffServiceEntity, { staffId });
      await this.link(em, staffId, own);
    }
    return this.ownerDto(em, businessId, staffId);
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
