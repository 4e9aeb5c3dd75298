import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import {
  AuthMessages,
  ErrorCode,
  ErrorMessages,
  NEW_BUSINESS_NAME,
  SlugMessages,
  slugify,
  type SubscriptionPlan,
  type UpdateBusinessRequest,
} from '@slotwise/contracts';
import {
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../../core/database/pg-errors.js';
import { BusinessCache, type ReadFrom } from '../../../core/cache/business-cache.js';
import type { BookingConstraint } from '../../../core/database/booking-constraint.js';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { BusinessSlugHistoryEntity } from '../entities/business-slug-history.entity.js';
import { BusinessEntity } from '../entities/business.entity.js';

/** Slugs are lowercase letters, digits and dashes; anything else cannot name a business. */
const SLUG_SHAPE = /^[a-z0-9-]{1,100}$/;
const SLUG_MAX = 60;
/**
 * Serialises whatever gives a business a slug (a new business, an owner's change), so a slug is
 * never both current for one business and kept as an old link of another.
 */
const SLUGS_LOCK = 'business-slugs';
/** Old links kept per business; the oldest beyond these is released (its redirect stops). */
export const SLUG_HISTORY_MAX = 10;
/** Booking-link changes per business in any 24 hours. */
export const SLUG_CHANGES_PER_DAY = 10;

export type BusinessChanges = {
  [K in keyof UpdateBusinessRequest]?: UpdateBusinessRequest[K] | null;
};

/**
 * Work that must commit with a new business, such as writing its default weekly hours. Modules that
 * own such data register a step (availability does), so this module needs none of their tables.
 */
export type BusinessCreationStep = (em: EntityManager, businessId: number) => Promise<void>;

export const businessNotFound = () =>
  new DomainException(ErrorCode.BUSINESS_NOT_FOUND, ErrorMessages.businessNotFound);

/** What a booking reads of a business, and what of it no booking depends on. */
const BUSINESS_AS_READ_COVERAGE = {
  businesses: {
    checked: [
      'id',
      'publishing_enabled',
      'time_zone',
      'min_notice_minutes',
      'max_advance_days',
      'slot_interval',
      'subscription_plan',
      'name',
      'address',
      'email',
    ],
    // The slug and the page's texts, holiday suggestions (region), the customers' cancel cutoff.
    ignored: [
      'slug',
      'description',
      'phone',
      'website',
      'logo',
      'owner_user_id',
      'created_at',
      'updated_at',
      'region',
      'cancel_cutoff_minutes',
      'staff_see_whole_diary',
      'confirmation_request_hours',
      // Decides the directory listing only, not whether the page can be booked.
      'hours_confirmed_at',
    ],
  },
};

const slugTaken = () => new DomainException(ErrorCode.SLUG_TAKEN, SlugMessages.taken);

/** `base`, then `base-2`, `base-3`… cut so the whole slug stays within 60 characters. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base.slice(0, SLUG_MAX).replace(/-+$/, '');
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** The `businesses` table: lookups, an owner's business (created on first use), profile and plan. */
@Injectable()
export class BusinessService {
  private readonly creationSteps: BusinessCreationStep[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(BusinessEntity) private readonly businesses: Repository<BusinessEntity>,
    private readonly cache: BusinessCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  registerCreationStep(step: BusinessCreationStep): void {
    this.creationSteps.push(step);
  }

  /**
   * The business: with `cached`, the row as this process's cache has it (frozen, shared by every
   * request; dropped when the business changes, see core/cache), which the public pages read; a
   * write that goes by it checks it against the table as it writes (`bookableAsRead`). Otherwise
   * the table's row (through `from.em`), which other writes read.
   */
  byIdOrThrow(id: number, from: ReadFrom & { cached: true }): Promise<Readonly<BusinessEntity>>;
  byIdOrThrow(id: number, from?: ReadFrom): Promise<BusinessEntity>;
  byIdOrThrow(id: number, from: ReadFrom = {}): Promise<BusinessEntity> {
    return this.cache.read(id, 'business', from, async (em = this.dataSource.manager) => {
      const business = await em.findOneBy(BusinessEntity, { id });
      if (!business) throw businessNotFound();
      return from.cached ? Object.freeze(business) : business;
    });
  }

  /**
   * The public pages' lookup by slug, read like `byIdOrThrow`. Slugs are stored lowercase, so the
   * lookup ignores case. A slug the business had before finds it too (its answer carries the
   * current slug, which the booking page moves to). Unknown slugs are not kept (anyone can ask for
   * any number of them).
   */
  async bySlugOrThrow(slug: string, from: ReadFrom): Promise<Readonly<BusinessEntity>> {
    const normalized = slug.trim().toLowerCase();
    if (!SLUG_SHAPE.test(normalized)) throw businessNotFound();
    const id = await this.cache.readShared(
      `business-slug:${normalized}`,
      from,
      (em) => this.idBySlug(normalized, em),
      (found) => found !== null,
    );
    if (id === null) throw businessNotFound();
    return this.byIdOrThrow(id, from);
  }

  /** The business with this slug now, else the one that had it before; one round trip. */
  private async idBySlug(
    slug: string,
    em: EntityManager = this.dataSource.manager,
  ): Promise<number | null> {
    const rows: { id: number }[] = await em.query(
      `SELECT id FROM businesses WHERE slug = $1
       UNION ALL
       SELECT business_id FROM business_slug_history WHERE slug = $1
       LIMIT 1`,
      [slug],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * A business whose owner switched publishing off is not found by the public; its owner (the
   * `viewerBusinessId` of a signed-in request) still sees it.
   */
  visibleOrThrow<B extends Readonly<BusinessEntity>>(business: B, viewerBusinessId?: number): B {
    if (!business.publishingEnabled && viewerBusinessId !== business.id) throw businessNotFound();
    return business;
  }

  /** A business the public may book: switched-off ones are not found. */
  async findBookableByIdOrThrow(id: number): Promise<BusinessEntity> {
    return this.visibleOrThrow(await this.byIdOrThrow(id));
  }

  /**
   * For a public booking written in one statement on the strength of `business` as read earlier
   * (from the cache): a condition that holds while the business is still published and still as
   * `business` says in everything a booking reads of it (its zone and booking window, its plan, and
   * the name, address and email its messages carry). Checked when the statement runs, so an old
   * copy cannot let a booking through that the table would refuse.
   */
  bookableAsRead(business: Readonly<BusinessEntity>): BookingConstraint {
    return {
      name: 'business as read',
      covers: BUSINESS_AS_READ_COVERAGE,
      sql: (p) => `EXISTS (SELECT 1 FROM businesses
                     WHERE id = ${p.add(business.id)} AND publishing_enabled
                       AND time_zone = ${p.add(business.timeZone)}
                       AND min_notice_minutes = ${p.add(business.minNoticeMinutes)}
                       AND max_advance_days = ${p.add(business.maxAdvanceDays)}
                       AND slot_interval = ${p.add(business.slotInterval)}
                       AND subscription_plan = ${p.add(business.subscriptionPlan)}
                       AND name = ${p.add(business.name)}
                       AND address IS NOT DISTINCT FROM ${p.add(business.address, 'text')}
                       AND email IS NOT DISTINCT FROM ${p.add(business.email, 'text')})`,
    };
  }

  findByOwner(userId: string): Promise<BusinessEntity | null> {
    return this.businesses.findOneBy({ ownerUserId: userId });
  }

  /**
   * The directory's candidates, by name: publishing on, a name the owner chose and hours the owner
   * confirmed. Whether each
   * has a service and an open day is for the modules that own those tables to say.
   */
  listDirectoryCandidates(): Promise<BusinessEntity[]> {
    return this.businesses
      .createQueryBuilder('b')
      .where('b.publishing_enabled')
      .andWhere('b.hours_confirmed_at IS NOT NULL')
      .andWhere('lower(btrim(b.name)) <> :defaultName', {
        defaultName: NEW_BUSINESS_NAME.toLowerCase(),
      })
      .orderBy('b.name', 'ASC')
      .addOrderBy('b.id', 'ASC')
      .getMany();
  }

  /**
   * The row again, locked until `em`'s transaction ends: checks of one business's plan limits,
   * and plan changes, run one at a time.
   */
  lock(em: EntityManager, id: number): Promise<BusinessEntity> {
    return em.findOneOrFail(BusinessEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * The owner's business, created on first use ('My Business', a free unique slug, plan free, the
   * owner's sign-in email as its notification address, and
   * whatever the registered creation steps add). Serialised per owner, and the unique owner
   * constraint backs it up: concurrent first calls still yield one business.
   */
  async loadOrCreateForOwner(userId: string): Promise<BusinessEntity> {
    const existing = await this.findByOwner(userId);
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
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SLUGS_LOCK]);
      const base = slugify(NEW_BUSINESS_NAME) || 'business';
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const slug = await this.freeSlug(em, base);
        // DO NOTHING on any conflict: a slug taken meanwhile by another owner means try again.
        // New-booking emails go to the owner's sign-in address until they choose another.
        const rows: { id: number }[] = await em.query(
          `INSERT INTO businesses (name, slug, owner_user_id, email)
           VALUES ($1, $2, $3, (SELECT email FROM users WHERE id = $3))
           ON CONFLICT DO NOTHING RETURNING id`,
          [NEW_BUSINESS_NAME, slug, userId],
        );
        const id = rows[0]?.id;
        if (id === undefined) {
          const mine = await em.findOneBy(BusinessEntity, { ownerUserId: userId });
          if (mine) return mine;
          continue;
        }
        for (const step of this.creationSteps) await step(em, id);
        return em.findOneByOrFail(BusinessEntity, { id });
      }
      throw new Error('Could not find a free slug for a new business');
    });
  }

  private async freeSlug(em: EntityManager, base: string): Promise<string> {
    // Old links stay reserved for the business that had them.
    const rows: { slug: string }[] = await em.query(
      `SELECT slug FROM businesses WHERE slug = $1 OR slug LIKE $2
       UNION SELECT slug FROM business_slug_history WHERE slug = $1 OR slug LIKE $2`,
      [base, `${base.slice(0, SLUG_MAX - 2)}%`],
    );
    const taken = new Set(rows.map((r) => r.slug));
    for (let n = 1; ; n += 1) {
      const candidate = slugCandidate(base, n);
      if (!taken.has(candidate)) return candidate;
    }
  }

  /**
   * Settings. The slug never follows the name by itself; the owner changes it on purpose, and the
   * old one keeps leading here.
   */
  async update(id: number, changes: BusinessChanges): Promise<BusinessEntity> {
    const { slug, hoursConfirmed, ...rest } = changes;
    const defined = Object.fromEntries(
      Object.entries(rest).filter(
        ([key, v]) =>
          v !== undefined &&
          !((key === 'publishingEnabled' || key === 'staffSeeWholeDiary') && v === null),
      ),
    ) as Partial<BusinessEntity>;
    // Kept hours stay confirmed from the first time: a repeat does not move the date.
    if (hoursConfirmed === true) {
      const current = await this.byIdOrThrow(id);
      if (current.hoursConfirmedAt === null) defined.hoursConfirmedAt = new Date();
    }
    if (typeof slug === 'string') {
      await this.dataSource
        .transaction(async (em) => {
          await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SLUGS_LOCK]);
          const current = await em.findOneByOrFail(BusinessEntity, { id });
          if (slug !== current.slug) await this.moveSlug(em, current, slug);
          if (Object.keys(defined).length > 0) await em.update(BusinessEntity, { id }, defined);
        })
        .catch((error: unknown) => {
          // A slug written meanwhile without the lock (the demo seed) still answers as taken.
          if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw slugTaken();
          throw error;
        });
    } else if (Object.keys(defined).length > 0) {
      await this.businesses.update({ id }, defined);
    }
    return this.byIdOrThrow(id);
  }

  /**
   * Gives the business `slug` (unless another business has it now or had it before) and keeps
   * its current slug as an old link. Going back to one of its own old slugs is allowed. At most
   * SLUG_CHANGES_PER_DAY changes a day, and SLUG_HISTORY_MAX old links: the oldest is released,
   * so one business cannot reserve links without end.
   */
  private async moveSlug(em: EntityManager, business: BusinessEntity, slug: string) {
    const taken: unknown[] = await em.query(
      `SELECT 1 FROM businesses WHERE slug = $1 AND id <> $2
       UNION ALL
       SELECT 1 FROM business_slug_history WHERE slug = $1 AND business_id <> $2
       LIMIT 1`,
      [slug, business.id],
    );
    if (taken.length > 0) throw slugTaken();
    await this.countSlugChange(em, business.id);
    await em.delete(BusinessSlugHistoryEntity, { slug, businessId: business.id });
    await em.query(
      `INSERT INTO business_slug_history (slug, business_id) VALUES ($1, $2)
       ON CONFLICT (slug) DO NOTHING`,
      [business.slug, business.id],
    );
    await em.query(
      `DELETE FROM business_slug_history WHERE business_id = $1 AND slug NOT IN (
         SELECT slug FROM business_slug_history WHERE business_id = $1
         ORDER BY replaced_at DESC, slug LIMIT $2)`,
      [business.id, SLUG_HISTORY_MAX],
    );
    await em.update(BusinessEntity, { id: business.id }, { slug });
  }

  /** Records a change of the business's link, refused beyond SLUG_CHANGES_PER_DAY a day. */
  private async countSlugChange(em: EntityManager, businessId: number): Promise<void> {
    const now = toDate(this.clock.now());
    const dayAgo = new Date(now.getTime() - 86_400_000);
    await em.query(
      `DELETE FROM business_slug_changes WHERE business_id = $1 AND changed_at <= $2`,
      [businessId, dayAgo],
    );
    const [row]: { n: number }[] = await em.query(
      `SELECT count(*)::int AS n FROM business_slug_changes WHERE business_id = $1`,
      [businessId],
    );
    if ((row?.n ?? 0) >= SLUG_CHANGES_PER_DAY) {
      throw new DomainException(ErrorCode.RATE_LIMITED, SlugMessages.tooManyChanges);
    }
    await em.query(`INSERT INTO business_slug_changes (business_id, changed_at) VALUES ($1, $2)`, [
      businessId,
      now,
    ]);
  }

  /** The plan as the subscriptions say (through `em`, whose transaction holds the row's lock). */
  async setPlan(em: EntityManager, id: number, plan: SubscriptionPlan): Promise<void> {
    await em.update(BusinessEntity, { id }, { subscriptionPlan: plan });
  }
}
