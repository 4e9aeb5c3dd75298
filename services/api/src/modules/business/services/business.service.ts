import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, Repository } from 'typeorm';
import {
  AuthMessages,
  type Business,
  defaultWeeklyHours,
  ErrorCode,
  ErrorMessages,
  slugify,
  type UpdateBusinessRequest,
} from '@slotwise/contracts';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../../core/database/pg-errors.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { AvailabilityEntity } from '../../availability/entities/availability.entity.js';
import { summarizeBusinessHours } from '../../availability/business-hours-summary.js';
import { BusinessEntity } from '../entities/business.entity.js';

/** Slugs are lowercase letters, digits and dashes; anything else cannot name a business. */
const SLUG_SHAPE = /^[a-z0-9-]{1,100}$/;
const SLUG_MAX = 60;
/** The name a new owner's business starts with; the owner renames it in Settings. */
export const NEW_BUSINESS_NAME = 'My Business';

export type BusinessChanges = { [K in keyof UpdateBusinessRequest]?: string | null };

const businessNotFound = () =>
  new DomainException(ErrorCode.BUSINESS_NOT_FOUND, ErrorMessages.businessNotFound);

/** `base`, then `base-2`, `base-3`… cut so the whole slug stays within 60 characters. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base.slice(0, SLUG_MAX).replace(/-+$/, '');
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}

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
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(BusinessEntity) private readonly businesses: Repository<BusinessEntity>,
    @InjectRepository(AvailabilityEntity)
    private readonly availabilities: Repository<AvailabilityEntity>,
  ) {}

  async findByIdOrThrow(id: number): Promise<BusinessEntity> {
    const business = await this.businesses.findOneBy({ id });
    if (!business) throw businessNotFound();
    return business;
  }

  /** The business if `userId` owns it; another owner's (or a missing) business is "not found". */
  async findOwnedOrThrow(id: number, userId: string, em?: EntityManager): Promise<BusinessEntity> {
    const business = await (em ?? this.dataSource.manager).findOne(BusinessEntity, {
      where: { id, ownerUserId: userId },
      // Inside a transaction the row is locked, so plan-limit checks of one business serialise.
      ...(em ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!business) throw businessNotFound();
    return business;
  }

  async isOwner(businessId: number, userId: string | undefined): Promise<boolean> {
    if (!userId) return false;
    return this.businesses.existsBy({ id: businessId, ownerUserId: userId });
  }

  /**
   * The owner's business, created on first use ('My Business', a free unique slug, the default
   * weekly hours, plan free). Serialised per owner, and the unique owner constraint backs it up:
   * concurrent first calls still yield one business.
   */
  async loadOrCreateForOwner(userId: string): Promise<BusinessEntity> {
    const existing = await this.businesses.findOneBy({ ownerUserId: userId });
    if (existing) return existing;
    return this.createForOwner(userId).catch((error: unknown) => {
      // The token names a user that no longer exists.
      if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
        throw new DomainException(ErrorCode.UNAUTHORIZED, AuthMessages.sessionExpired);
      }
      throw error;
    });
  }

  private createForOwner(userId: string): Promise<BusinessEntity> {
    return this.dataSource.transaction(async (em) => {
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`owner:${userId}`]);
      const again = await em.findOneBy(BusinessEntity, { ownerUserId: userId });
      if (again) return again;
      const base = slugify(NEW_BUSINESS_NAME) || 'business';
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const slug = await this.freeSlug(em, base);
        // DO NOTHING on any conflict: a slug taken meanwhile by another owner means try again.
        const rows: { id: number }[] = await em.query(
          `INSERT INTO businesses (name, slug, owner_user_id) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING id`,
          [NEW_BUSINESS_NAME, slug, userId],
        );
        const id = rows[0]?.id;
        if (id === undefined) {
          const mine = await em.findOneBy(BusinessEntity, { ownerUserId: userId });
          if (mine) return mine;
          continue;
        }
        await em.insert(
          AvailabilityEntity,
          defaultWeeklyHours().map((h) => ({ ...h, businessId: id })),
        );
        return em.findOneByOrFail(BusinessEntity, { id });
      }
      throw new Error('Could not find a free slug for a new business');
    });
  }

  private async freeSlug(em: EntityManager, base: string): Promise<string> {
    const rows: { slug: string }[] = await em.query(
      `SELECT slug FROM businesses WHERE slug = $1 OR slug LIKE $2`,
      [base, `${base.slice(0, SLUG_MAX - 2)}%`],
    );
    const taken = new Set(rows.map((r) => r.slug));
    for (let n = 1; ; n += 1) {
      const candidate = slugCandidate(base, n);
      if (!taken.has(candidate)) return candidate;
    }
  }

  /** Settings → General. The slug never changes with the name, so shared links keep working. */
  async update(id: number, userId: string, changes: BusinessChanges): Promise<BusinessEntity> {
    const business = await this.findOwnedOrThrow(id, userId);
    const defined = Object.fromEntries(
      Object.entries(changes).filter(([, v]) => v !== undefined),
    ) as Partial<BusinessEntity>;
    if (Object.keys(defined).length === 0) return business;
    await this.businesses.update({ id: business.id, ownerUserId: userId }, defined);
    return this.findOwnedOrThrow(id, userId);
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
