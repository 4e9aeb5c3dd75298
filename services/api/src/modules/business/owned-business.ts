import type { Actor } from '@slotwise/contracts';
import type { EntityManager } from 'typeorm';
import { ErrorCode, type Permission, type Role, roleCan } from '@slotwise/contracts';
import { DomainException } from '../../core/exceptions/domain.exception.js';
import type { BusinessEntity } from './entities/business.entity.js';
import type { BusinessService } from './services/business.service.js';

/** The caller's membership of the business a request acts on. */
export interface MemberOf {
  id: number;
  userId: string;
  role: Role;
  staffMemberId: number | null;
}

/**
 * The business a signed-in member acts on, resolved once per request by the membership guard
 * (OwnedBusinessGuard) from the access token and the membership it reads. Services scope every
 * query by its `id`, so another business's rows are simply not found.
 */
export class OwnedBusinessRef {
  constructor(
    /** The row as it was when the request started. */
    readonly business: BusinessEntity,
    private readonly businesses: BusinessService,
    /** The caller's membership (role) in it. */
    readonly member: MemberOf,
    /**
     * Who is acting, for the activity log: the signed-in person (their account and the name shown;
     * an owner account has only its email today, members will bring their own names).
     */
    readonly actor: Actor = { kind: 'system', userId: null, name: 'Slotwise' },
  ) {}

  get id(): number {
    return this.business.id;
  }

  get role(): Role {
    return this.member.role;
  }

  /** Whether the caller's role has a permission, by the contracts' one table. */
  can(permission: Permission): boolean {
    return roleCan(this.member.role, permission);
  }

  /**
   * For the few decisions that depend on what a request asks (a role change to or from owner):
   * the same table as the guard's, so no rule lives anywhere else.
   */
  require(permission: Permission, message = 'Your role does not allow this'): void {
    if (!this.can(permission)) throw new DomainException(ErrorCode.FORBIDDEN, message);
  }

  /**
   * Whose appointments the caller reaches: everyone's with `diary.all`, otherwise only their own
   * staff record's (none when they have no staff record). `read`: the owner may let staff see the
   * whole diary read-only (the business's `staff_see_whole_diary` setting).
   */
  diaryStaffScope(access: 'read' | 'write'): number | undefined {
    if (this.can('diary.all')) return undefined;
    if (access === 'read' && this.business.staffSeeWholeDiary) return undefined;
    return this.member.staffMemberId ?? 0;
  }

  /** The row again, locked until `em`'s transaction ends (plan-limit checks serialise on it). */
  lock(em: EntityManager): Promise<BusinessEntity> {
    return this.businesses.lock(em, this.id);
  }
}
