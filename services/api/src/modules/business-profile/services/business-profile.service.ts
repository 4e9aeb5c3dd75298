import { Injectable } from '@nestjs/common';
import { BusinessCache } from '../../../core/cache/business-cache.js';
import { type Business, hasChosenName } from '@slotwise/contracts';
import { WeeklyHoursService } from '../../availability/index.js';
import { type BusinessEntity, BusinessService } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';

export function toBusinessDto(business: BusinessEntity, hoursSummary: string | null): Business {
  return {
    id: business.id,
    name: business.name,
    slug: business.slug,
    description: business.description,
    address: business.address,
    businessHours: hoursSummary,
    phone: business.phone,
    email: business.email,
    website: business.website,
    logo: business.logo,
    timeZone: business.timeZone,
    region: business.region,
    minNoticeMinutes: business.minNoticeMinutes,
    maxAdvanceDays: business.maxAdvanceDays,
    cancelCutoffMinutes: business.cancelCutoffMinutes,
    slotInterval: business.slotInterval,
    subscriptionPlan: business.subscriptionPlan,
  };
}

/**
 * A business as the API shows it: its profile with a summary of its weekly hours. It is published
 * (listed in the directory) once it has a name its owner chose, an active service and an open
 * day in hours the owner confirmed (saved, or kept in the setup), unless publishing is off.
 */
@Injectable()
export class BusinessProfileService {
  constructor(
    private readonly businesses: BusinessService,
    private readonly weeklyHours: WeeklyHoursService,
    private readonly catalog: CatalogService,
    private readonly cache: BusinessCache,
  ) {}

  /** The public page's business, its hours summary from the cached weekly hours (core/cache). */
  async toDto(business: BusinessEntity): Promise<Business> {
    return toBusinessDto(business, await this.weeklyHours.summary(business.id, { cached: true }));
  }

  /** The owner's view: the profile, whether it is published, and the publishing switch. */
  async toOwnerDto(business: BusinessEntity): Promise<Business> {
    const ids = [business.id];
    const [summaries, withService, withOpenDay] = await Promise.all([
      this.weeklyHours.summaries(ids),
      this.catalog.businessesWithActiveService(ids),
      this.weeklyHours.businessesWithOpenDay(ids),
    ]);
    return {
      ...toBusinessDto(business, summaries.get(business.id) ?? null),
      published:
        business.publishingEnabled &&
        hasChosenName(business.name) &&
        business.hoursConfirmedAt !== null &&
        withService.has(business.id) &&
        withOpenDay.has(business.id),
      publishingEnabled: business.publishingEnabled,
      staffSeeWholeDiary: business.staffSeeWholeDiary,
      confirmationRequestHours: business.confirmationRequestHours,
    };
  }

  /**
   * The public directory, by name: published businesses only, in four queries however many, kept
   * in this process's cache until any business changes (core/cache).
   */
  list(): Promise<Business[]> {
    return this.cache.getShared('directory', () => this.readDirectory());
  }

  private async readDirectory(): Promise<Business[]> {
    const candidates = await this.businesses.listDirectoryCandidates();
    const ids = candidates.map((b) => b.id);
    const [withService, withOpenDay, summaries] = await Promise.all([
      this.catalog.businessesWithActiveService(ids),
      this.weeklyHours.businessesWithOpenDay(ids),
      this.weeklyHours.summaries(ids),
    ]);
    return candidates
      .filter((b) => withService.has(b.id) && withOpenDay.has(b.id))
      .map((b) => toBusinessDto(b, summaries.get(b.id) ?? null));
  }
}
