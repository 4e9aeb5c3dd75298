import type { Actor } from '@slotwise/contracts';
import type { EntityManager } from 'typeorm';
import type { BusinessEntity } from './entities/business.entity.js';
import type { BusinessService } from './services/business.service.js';

/**
 * The signed-in owner's business, resolved once per request by OwnedBusinessGuard from the access
 * token. Services scope every query by its `id`, so another business's rows are simply not found.
 */
export class OwnedBusinessRef {
  constructor(
    /** The row as it was when the request started. */
    readonly business: BusinessEntity,
    private readonly businesses: BusinessService,
    /**
     * Who is acting, for the activity log: the signed-in person (their account and the name shown;
     * an owner account has only its email today, members will bring their own names).
     */
    readonly actor: Actor = { kind: 'system', userId: null, name: 'Slotwise' },
  ) {}

  get id(): number {
    return this.business.id;
  }

  /** The row again, locked until `em`'s transaction ends (plan-limit checks serialise on it). */
  lock(em: EntityManager): Promise<BusinessEntity> {
    return this.businesses.lock(em, this.id);
  }
}
