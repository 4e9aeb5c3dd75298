import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { type Business, ErrorCode, ErrorMessages } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { AvailabilityEntity } from '../../availability/entities/availability.entity.js';
import { summarizeBusinessHours } from '../../availability/business-hours-summary.js';
import { BusinessEntity } from '../entities/business.entity.js';

/** Slugs are lowercase letters, digits and dashes; anything else cannot name a business. */
const SLUG_SHAPE = /^[a-z0-9-]{1,100}$/;

export function toBusinessDto(
  business: BusinessEntity,
  hours: readonly AvailabilityEntity[],
): Business {
  return {
    id: business.id,
    name: business.name,
    slug: business.slug,
    description: business.description,
    address: business.address,
    businessHours: summarizeBusinessHours(hours),
    phone: business.phone,
    email: business.email,
    website: business.website,
    logo: business.logo,
    timeZone: business.timeZone,
    subscriptionPlan: business.subscriptionPlan,
  };
}

@Injectable()
export class BusinessService {
  constructor(
    @InjectRepository(BusinessEntity) private readonly businesses: Repository<BusinessEntity>,
    @InjectRepository(AvailabilityEntity)
    private readonly availabilities: Repository<AvailabilityEntity>,
  ) {}

  async findByIdOrThrow(id: number): Promise<BusinessEntity> {
    const business = await this.businesses.findOneBy({ id });
    if (!business)
      throw new DomainException(ErrorCode.BUSINESS_NOT_FOUND, ErrorMessages.businessNotFound);
    return business;
  }

  /** Case-insensitive (decision 8): slugs are stored lowercase, so the lookup lowercases. */
  async findBySlugOrThrow(slug: string): Promise<BusinessEntity> {
    const normalized = slug.trim().toLowerCase();
    const business = SLUG_SHAPE.test(normalized)
      ? await this.businesses.findOneBy({ slug: normalized })
      : null;
    if (!business)
      throw new DomainException(ErrorCode.BUSINESS_NOT_FOUND, ErrorMessages.businessNotFound);
    return business;
  }

  async weeklyHours(businessId: number): Promise<AvailabilityEntity[]> {
    return this.availabilities.find({ where: { businessId }, order: { dayOfWeek: 'ASC' } });
  }

  async toDto(business: BusinessEntity): Promise<Business> {
    return toBusinessDto(business, await this.weeklyHours(business.id));
  }

  async list(): Promise<Business[]> {
    const businesses = await this.businesses.find({ order: { name: 'ASC', id: 'ASC' } });
    if (businesses.length === 0) return [];
    const hours = await this.availabilities.findBy({ businessId: In(businesses.map((b) => b.id)) });
    return businesses.map((b) =>
      toBusinessDto(
        b,
        hours.filter((h) => h.businessId === b.id),
      ),
    );
  }
}
