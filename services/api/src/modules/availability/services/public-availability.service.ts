import { Inject, Injectable } from '@nestjs/common';
import type { AvailableDays, AvailableTime } from '@slotwise/contracts';
import { BusinessCache, CACHED, type Expiring } from '../../../core/cache/business-cache.js';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { type BusinessEntity, BusinessService } from '../../business/index.js';
import { CatalogService, type ServiceEntity } from '../../catalog/index.js';
import { AvailabilityService } from './availability.service.js';

export interface PublicTimesQuery {
  serviceId: number;
  date: string;
  staffId?: number;
}

export interface PublicDaysQuery {
  serviceId: number;
  month: string;
  staffId?: number;
}

/**
 * The public available times and days, answered from this process's cache (BusinessCache#answer)
 * per business, service, staff member (or anyone) and day or month. An answer is dropped when the
 * business or its availability changes (triggers on every table a slot depends on notify in the
 * writing transaction; migrations BusinessChangeNotifications and AvailabilityChangeNotifications)
 * and once time alone would change it (`answerUntil`); nothing is kept while the notifications
 * cannot arrive. The business and service are read inside the answer's load, after its entry is
 * stored, so a change notified while it is computed drops it too.
 */
@Injectable()
export class PublicAvailabilityService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly cache: BusinessCache,
    private readonly businesses: BusinessService,
    private readonly catalog: CatalogService,
    private readonly availability: AvailabilityService,
  ) {}

  times(businessId: number, query: PublicTimesQuery): Promise<readonly AvailableTime[]> {
    const key = `availability:times:${query.serviceId}:${query.staffId ?? '*'}:${query.date}`;
    return this.answer(businessId, key, query.serviceId, (business, service) =>
      this.availability.listAvailableTimes(business, service, query.date, query.staffId),
    );
  }

  days(businessId: number, query: PublicDaysQuery): Promise<AvailableDays> {
    const key = `availability:days:${query.serviceId}:${query.staffId ?? '*'}:${query.month}`;
    return this.answer(businessId, key, query.serviceId, (business, service) =>
      this.availability.availableDays(business, service, query.month, query.staffId),
    );
  }

  private answer<T>(
    businessId: number,
    key: string,
    serviceId: number,
    compute: (business: Readonly<BusinessEntity>, service: ServiceEntity) => Promise<Expiring<T>>,
  ): Promise<T> {
    return this.cache.answer(businessId, key, this.clock.now().epochMilliseconds, async () => {
      const business = await this.businesses.byIdOrThrow(businessId, CACHED);
      const service = await this.catalog.findActiveOrThrow(businessId, serviceId, CACHED);
      const computed = await compute(business, service);
      // Shared by every request that reads it until it is dropped.
      return { value: deepFreeze(computed.value), until: computed.until };
    });
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
