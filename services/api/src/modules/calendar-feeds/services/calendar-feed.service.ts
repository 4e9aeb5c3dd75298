import { randomBytes } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  type CalendarFeed,
  type CalendarFeedList,
  CalendarFeedMessages,
  ErrorCode,
  formatPhoneForDisplay,
} from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { sha256Hex } from '../../../core/crypto/secure-token.js';
import { fullName } from '../../../core/database/columns.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { publicLink } from '../../../core/http/public-url.js';
import { DiaryReads } from '../../bookings/index.js';
import {
  type BusinessEntity,
  BusinessService,
  type OwnedBusinessRef,
} from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { StaffService } from '../../staff/index.js';
import { CalendarFeedEntity } from '../entities/calendar-feed.entity.js';
import { type FeedEvent, feedCalendar } from './feed-calendar.js';

const DAY_MS = 86_400_000;
/** Feeds rebuilt at most per pass (the rest wait for the next one). */
const BATCH = 50;
/** A feed not rebuilt for this long is rebuilt anyway: its window moves on with the days. */
const MAX_AGE_MS = 3_600_000;

const feedNotFound = () => new DomainException(ErrorCode.NOT_FOUND, CalendarFeedMessages.notFound);

/** What the public feed URL answers. */
export type FeedAnswer =
  { status: 200; body: string; etag: string } | { status: 304; etag: string };

/** 256 random bits, base64url: the feed URL's only credential. */
const newToken = () => randomBytes(32).toString('base64url');

/** Whether an If-None-Match header names this ETag (a list, weak or not, or '*'). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/**
 * Calendar feeds (decision record 021). The public URL serves the copy stored with the feed; the
 * copies are rebuilt off the request path by `rebuildPending`, which runs every
 * CALENDAR_FEED_REBUILD_MS in each API process (SKIP LOCKED-free: each pass takes its own
 * changes), for the businesses whose bookings changed (calendar_feed_changes, written by trigger
 * in the change's transaction), feeds never built, and feeds older than an hour.
 */
@Injectable()
export class CalendarFeedService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CalendarFeeds');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly diary: DiaryReads,
    private readonly businesses: BusinessService,
    private readonly catalog: CatalogService,
    private readonly staff: StaffService,
  ) {}

  onApplicationBootstrap(): void {
    const every =
      this.config.CALENDAR_FEED_REBUILD_MS ?? (this.config.NODE_ENV === 'test' ? 0 : 1000);
    if (every <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.rebuildPending()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error(`Rebuilding feeds failed: ${String(error)}`))
        .finally(() => (this.running = null));
    }, every);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** The business's feed and each active staff member's, each made on first use. */
  async list(owned: OwnedBusinessRef): Promise<CalendarFeedList> {
    const members = await this.staff.listActive(owned.id);
    const wanted = [null, ...members.map((m) => m.id)];
    await this.dataSource.query(
      `INSERT INTO calendar_feeds (business_id, staff_id, token)
       SELECT $1, s, t FROM unnest($2::int[], $3::text[]) AS x(s, t)
       ON CONFLICT (business_id, coalesce(staff_id, 0)) DO NOTHING`,
      [owned.id, wanted, wanted.map(() => newToken())],
    );
    const feeds = await this.dataSource.manager.find(CalendarFeedEntity, {
      where: { businessId: owned.id },
    });
    const names = new Map(members.map((m) => [m.id, fullName(m)]));
    const shown = feeds
      .filter((f) => f.staffId === null || names.has(f.staffId))
      .sort((a, b) => (a.staffId ?? 0) - (b.staffId ?? 0));
    return {
      feeds: shown.map((f) =>
        this.toDto(f, f.staffId === null ? owned.business.name : names.get(f.staffId)!),
      ),
    };
  }

  /** A new URL for the feed: the old one answers 404 from now on. */
  async regenerate(owned: OwnedBusinessRef, feedId: number): Promise<CalendarFeed> {
    const feed = await this.dataSource.manager.findOneBy(CalendarFeedEntity, {
      id: feedId,
      businessId: owned.id,
    });
    if (!feed) throw feedNotFound();
    feed.token = newToken();
    feed.createdAt = toDate(this.clock.now());
    await this.dataSource.manager.update(
      CalendarFeedEntity,
      { id: feed.id },
      { token: feed.token, createdAt: feed.createdAt },
    );
    const name =
      feed.staffId === null
        ? owned.business.name
        : fullName((await this.staff.byIds([feed.staffId])).get(feed.staffId)!);
    return this.toDto(feed, name);
  }

  /** The public URL: `<token>.ics`, answered from the stored copy (built now if never built). */
  async serve(file: string, ifNoneMatch: string | undefined): Promise<FeedAnswer> {
    const token = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(file)?.[1];
    if (!token) throw feedNotFound();
    let feed = await this.dataSource.manager.findOneBy(CalendarFeedEntity, { token });
    if (!feed) throw feedNotFound();
    if (feed.ics === null || feed.etag === null) {
      await this.store(this.dataSource.manager, await this.build([feed]));
      feed = (await this.dataSource.manager.findOneBy(CalendarFeedEntity, { id: feed.id }))!;
    }
    if (etagMatches(ifNoneMatch, feed.etag!)) return { status: 304, etag: feed.etag! };
    return { status: 200, body: feed.ics!, etag: feed.etag! };
  }

  /**
   * One pass: reads the recorded changes (and the feeds never built or over an hour old), rebuilds
   * those feeds, then stores them and deletes exactly the changes it read, in one transaction: a
   * change committed meanwhile stays for the next pass, and a failed pass leaves its changes.
   * Two API processes may rebuild the same feed at once, harmlessly. Answers how many it rebuilt.
   */
  async rebuildPending(): Promise<number> {
    const changes: { id: string; business_id: number }[] = await this.dataSource.query(
      `SELECT id, business_id FROM calendar_feed_changes ORDER BY id LIMIT 10000`,
    );
    const businessIds = [...new Set(changes.map((c) => c.business_id))];
    const old = new Date(this.clock.now().epochMilliseconds - MAX_AGE_MS);
    const feeds = await this.dataSource.manager
      .createQueryBuilder(CalendarFeedEntity, 'f')
      .where('f.business_id = ANY(:businessIds)', { businessIds })
      .orWhere('f.ics IS NULL')
      .orWhere('f.built_at < :old', { old })
      .orderBy('f.id')
      .limit(BATCH)
      .getMany();
    const built = await this.build(feeds);
    await this.dataSource.transaction(async (em) => {
      await this.store(em, built);
      if (changes.length > 0) {
        await em.query(`DELETE FROM calendar_feed_changes WHERE id = ANY($1::bigint[])`, [
          changes.map((c) => c.id),
        ]);
      }
    });
    return feeds.length;
  }

  private async store(
    em: EntityManager,
    built: readonly { feed: CalendarFeedEntity; ics: string }[],
  ): Promise<void> {
    for (const { feed, ics } of built) {
      const etag = `"${sha256Hex(ics).slice(0, 32)}"`;
      await em.update(
        CalendarFeedEntity,
        { id: feed.id },
        { ics, etag, builtAt: toDate(this.clock.now()) },
      );
    }
  }

  /** Each feed's iCalendar text as the bookings stand now. */
  private async build(
    feeds: readonly CalendarFeedEntity[],
  ): Promise<{ feed: CalendarFeedEntity; ics: string }[]> {
    const now = this.clock.now().epochMilliseconds;
    const from = new Date(now - CALENDAR_FEED_DAYS_BACK * DAY_MS);
    const to = new Date(now + CALENDAR_FEED_DAYS_AHEAD * DAY_MS);
    const built: { feed: CalendarFeedEntity; ics: string }[] = [];
    const businesses = new Map<number, BusinessEntity>();
    for (const feed of feeds) {
      let business = businesses.get(feed.businessId);
      if (!business) {
        business = await this.businesses.byIdOrThrow(feed.businessId);
        businesses.set(feed.businessId, business);
      }
      built.push({ feed, ics: await this.buildOne(business, feed, from, to) });
    }
    return built;
  }

  private async buildOne(
    business: BusinessEntity,
    feed: CalendarFeedEntity,
    from: Date,
    to: Date,
  ): Promise<string> {
    const rows = await this.diary.forCalendar(business.id, {
      from,
      to,
      ...(feed.staffId !== null ? { staffId: feed.staffId } : {}),
    });
    const [services, staff] = await Promise.all([
      this.catalog.byIds(rows.map((r) => r.serviceId)),
      this.staff.byIds([
        ...rows.flatMap((r) => (r.staffId === null ? [] : [r.staffId])),
        ...(feed.staffId !== null ? [feed.staffId] : []),
      ]),
    ]);
    const host = new URL(publicLink(this.config.PUBLIC_URL, '/')).hostname;
    const events: FeedEvent[] = rows.map((r) => {
      const service = services.get(r.serviceId)?.name ?? 'Appointment';
      const client = r.bookedAs
        ? `${r.bookedAs.firstName} ${r.bookedAs.lastName}`.trim()
        : 'Client';
      const member = r.staffId === null ? null : staff.get(r.staffId);
      const phone = r.bookedAs?.phone ? formatPhoneForDisplay(r.bookedAs.phone) : null;
      return {
        uid: `appointment-${r.id}@${host}`,
        sequence: r.sequence,
        stamp: r.updatedAt,
        start: r.startsAt,
        end: r.endsAt,
        summary: `${service} – ${client}`,
        description: [
          `Client: ${client}`,
          ...(phone ? [`Phone: ${phone}`] : []),
          ...(member ? [`With: ${fullName(member)}`] : []),
          `Status: ${r.status.replace('_', '-')}`,
          ...(r.notes ? [`Notes: ${r.notes}`] : []),
        ].join('\n'),
        location: business.address,
        tentative: r.status === 'pending',
      };
    });
    const member = feed.staffId === null ? null : staff.get(feed.staffId);
    return feedCalendar({
      name: member ? `${business.name} – ${fullName(member)}` : business.name,
      timeZone: business.timeZone,
      from,
      to,
      events,
    });
  }

  private toDto(feed: CalendarFeedEntity, name: string): CalendarFeed {
    const httpsUrl = publicLink(this.config.PUBLIC_URL, `/api/calendar-feeds/${feed.token}.ics`);
    return {
      id: feed.id,
      kind: feed.staffId === null ? 'business' : 'staff',
      staffMemberId: feed.staffId,
      name,
      httpsUrl,
      webcalUrl: httpsUrl.replace(/^https?:\/\//, 'webcal://'),
      createdAt: feed.createdAt.toISOString(),
    };
  }
}
