import { Injectable } from '@nestjs/common';
import type { Business } from '@slotwise/contracts';
import { WeeklyHoursService } from '../../availability/index.js';
import { type BusinessEntity, BusinessService } from '../../business/index.js';

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
    subscriptionPlan: business.subscriptionPlan,
  };
}

/** A business as the API shows it: its profile with a summary of its weekly hours. */
@Injectable()
export class BusinessProfileService {
  constructor(
    private readonly businesses: BusinessService,
    private readonly weeklyHours: WeeklyHoursService,
  ) {}

  async toDto(business: BusinessEntity): Promise<Business> {
    const summaries = await this.weeklyHours.summaries([business.id]);
    return toBusinessDto(business, summaries.get(business.id) ?? null);
  }

  /** The public directory, by name. */
  async list(): Promise<Business[]> {
    const businesses = await this.businesses.list();
    const summaries = await this.weeklyHours.summaries(businesses.map((b) => b.id));
    return businesses.map((b) => toBusinessDto(b, summaries.get(b.id) ?? null));
  }
}
