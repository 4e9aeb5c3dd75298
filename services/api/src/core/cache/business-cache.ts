import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The channel the triggers notify (migration BusinessChangeNotifications): a business id, or '*'. */
export const BUSINESS_CHANGED_CHANNEL = 'slotwise_business_changed';

/**
 * Where a read of a business's rows goes: `cached`, through this process's cache (the public
 * reads, and public bookings, whose statement checks what they read); otherwise to the tables,
 * through `em` when given (inside a transaction). The owners' routes read the tables.
 */
export interface ReadFrom {
  cached?: boolean;
  em?: EntityManager;
}

/** Where the public reads go: through this process's cache. */
export const CACHED = Object.freeze({ cached: true as const });

/** Businesses kept at most; the least recently read is dropped first. */
const MAX_BUSINESSES = 5000;
/** Answers kept at most, all businesses together; the least recently read is dropped first. */
const MAX_ANSWERS = 20_000;

/** The payload of a notification that only the business's availability changed (a booking…). */
export const AVAILABILITY_CHANGED_PREFIX = 'availability:';

/** An answer computed at some instant, and the instant (epoch ms) it stops being true. */
export interface Expiring<T> {
  value: T;
  until: number;
}

interface Answer {
  businessId: number;
  loading: Promise<Expiring<unknown>>;
}

/**
 * What the public pages read of a business on every request and its owner rarely changes (the
 * business row, services, staff with their service links, weekly hours, the directory), kept in
 * this process. Each module caches what it owns under its own key (`catalog:services`…); this
 * store only knows which business an entry belongs to.
 *
 * Staleness: an entry is dropped when PostgreSQL tells this process that its business changed
 * (BusinessChangeListener: triggers on the owning tables, LISTEN/NOTIFY). A read can therefore be
 * stale for as long as that notification takes to arrive after the commit, and no longer: the
 * store caches nothing while the listener is not connected, and forgets everything when it
 * (re)connects. Writes made by this process are seen by it at once (its pool connections listen
 * too, and a notification reaches them before their COMMIT answers). Owners' routes do not read it;
 * the public reads do, and so do public bookings, whose writing statement checks what they read
 * here against the tables (AppointmentService).
 *
 * Answers (`answer`: the public available times and days) are kept the same way and also depend
 * on the day's exceptions and bookings and on the time: they are dropped on any change of the
 * business and on the `availability:<id>` notifications of those tables' triggers (migration
 * AvailabilityChangeNotifications), and each carries the instant it stops being true.
 */
@Injectable()
export class BusinessCache {
  private listening = false;
  /** Resolves once every change committed before the call has been notified here (the listener). */
  private caughtUp: () => Promise<void> = () => Promise.resolve();
  /** Entries by business (Map order: least recently read first), as promises so loads are shared. */
  private readonly byBusiness = new Map<number, Map<string, Promise<unknown>>>();
  /** Entries spanning businesses (the directory): dropped on any change. */
  private readonly shared = new Map<string, Promise<unknown>>();
  /** Answers by business and key (Map order: least recently read first). */
  private readonly answers = new Map<string, Answer>();
  /** The keys of `answers` by business, to drop a business's answers at once. */
  private readonly answerKeys = new Map<number, Set<string>>();

  /** Whether entries are kept (the listener is connected). */
  get active(): boolean {
    return this.listening;
  }

  /**
   * The business's `key`, loaded once until the business changes. Loaders return plain frozen
   * values: every caller shares them. A failed load is not kept.
   */
  get<T>(businessId: number, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    let entries = this.byBusiness.get(businessId);
    if (entries) {
      // Most recently read last.
      this.byBusiness.delete(businessId);
    } else {
      entries = new Map();
      if (this.byBusiness.size >= MAX_BUSINESSES) {
        this.byBusiness.delete(this.byBusiness.keys().next().value!);
      }
    }
    this.byBusiness.set(businessId, entries);
    const held = entries;
    return this.keep(
      entries,
      key,
      load,
      () => true,
      () => {
        // A business that failed to load (an unknown id) takes no place from one that exists.
        if (held.size === 0 && this.byBusiness.get(businessId) === held) {
          this.byBusiness.delete(businessId);
        }
      },
    );
  }

  /**
   * The one read-through of the modules' reads: the business's `key` from this cache when
   * `from.cached`, else `load` straight from the tables (through `from.em`). A module writes each
   * read once and its callers say where it goes.
   */
  read<T>(
    businessId: number,
    key: string,
    from: ReadFrom,
    load: (em: EntityManager | undefined) => Promise<T>,
  ): Promise<T> {
    return from.cached ? this.get(businessId, key, () => load(undefined)) : load(from.em);
  }

  /**
   * The shared `key` from this cache when `from.cached` (kept while `worthKeeping`), else `load`d
   * straight from the tables: `read` for entries spanning businesses (a slug's business).
   */
  readShared<T>(
    key: string,
    from: ReadFrom,
    load: (em: EntityManager | undefined) => Promise<T>,
    worthKeeping?: (value: T) => boolean,
  ): Promise<T> {
    return from.cached ? this.getShared(key, () => load(undefined), worthKeeping) : load(from.em);
  }

  /**
   * A computed answer of the business's (`key` says which: the public available times of a
   * service, staff member and day…), kept until the business or its availability changes or `now`
   * (epoch ms) reaches the `until` it was computed with. `load` reads what the answer depends on
   * itself, after the entry is stored: a change notified from then on drops it with the rest.
   */
  async answer<T>(
    businessId: number,
    key: string,
    now: number,
    load: () => Promise<Expiring<T>>,
  ): Promise<T> {
    if (!this.listening) return (await load()).value;
    // Every change committed before this read first reaches this process (one round trip shared
    // by the reads waiting together), so an answer never misses a write another process has
    // already answered: a slot booked there is gone from the very next read here.
    try {
      await this.caughtUp();
    } catch {
      return (await load()).value;
    }
    const id = `${businessId}:${key}`;
    for (;;) {
      if (!this.listening) return (await load()).value;
      const held = this.answers.get(id);
      if (!held) break;
      // Most recently read last.
      this.answers.delete(id);
      this.answers.set(id, held);
      const kept = (await held.loading) as Expiring<T>;
      if (kept.until > now) return kept.value;
      // Expired: dropped (unless another read replaced it meanwhile), then looked up again.
      if (this.answers.get(id) === held) this.dropAnswer(id);
    }
    if (this.answers.size >= MAX_ANSWERS) this.dropAnswer(this.answers.keys().next().value!);
    const loading = load();
    const entry: Answer = { businessId, loading };
    this.answers.set(id, entry);
    let keys = this.answerKeys.get(businessId);
    if (!keys) this.answerKeys.set(businessId, (keys = new Set()));
    keys.add(id);
    try {
      return (await loading).value;
    } catch (error) {
      // A failed answer (an unknown service…) is not kept.
      if (this.answers.get(id) === entry) this.dropAnswer(id);
      throw error;
    }
  }

  private dropAnswer(id: string): void {
    const entry = this.answers.get(id);
    if (!entry) return;
    this.answers.delete(id);
    const keys = this.answerKeys.get(entry.businessId);
    keys?.delete(id);
    if (keys?.size === 0) this.answerKeys.delete(entry.businessId);
  }

  /** The business's availability changed (a booking, a closure…): its answers are computed again. */
  invalidateAnswers(businessId: number): void {
    for (const id of this.answerKeys.get(businessId) ?? []) this.answers.delete(id);
    this.answerKeys.delete(businessId);
  }

  /** An entry spanning businesses (dropped on any change); `worthKeeping` false: not kept. */
  getShared<T>(
    key: string,
    load: () => Promise<T>,
    worthKeeping: (value: T) => boolean = () => true,
  ): Promise<T> {
    if (!this.listening) return load();
    return this.keep(this.shared, key, load, worthKeeping);
  }

  private keep<T>(
    entries: Map<string, Promise<unknown>>,
    key: string,
    load: () => Promise<T>,
    worthKeeping: (value: T) => boolean,
    onFailure?: () => void,
  ): Promise<T> {
    const cached = entries.get(key) as Promise<T> | undefined;
    if (cached) return cached;
    // Stored before the load runs, so a change notified meanwhile drops it with the rest.
    const loading = load().then(
      (value) => {
        if (!worthKeeping(value) && entries.get(key) === loading) entries.delete(key);
        return value;
      },
      (error: unknown) => {
        if (entries.get(key) === loading) entries.delete(key);
        onFailure?.();
        throw error;
      },
    );
    entries.set(key, loading);
    return loading;
  }

  /** The business changed: its entries and answers, and every shared one, are read again. */
  invalidate(businessId: number): void {
    this.byBusiness.delete(businessId);
    this.invalidateAnswers(businessId);
    this.shared.clear();
  }

  clear(): void {
    this.byBusiness.clear();
    this.shared.clear();
    this.answers.clear();
    this.answerKeys.clear();
  }

  /**
   * Only while notifications can arrive are entries kept; either way, nothing old survives.
   * `caughtUp`: how answers wait for the changes committed before them (the listener's round trip).
   */
  setListening(listening: boolean, caughtUp?: () => Promise<void>): void {
    this.listening = listening;
    this.caughtUp = caughtUp ?? (() => Promise.resolve());
    this.clear();
  }
}

/** Freezes the rows and the list a cache entry shares between requests. */
export function frozenRows<T extends object>(rows: T[]): readonly T[] {
  for (const row of rows) Object.freeze(row);
  return Object.freeze(rows);
}
