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

/** Businesses kept at most; the least recently read is dropped first. */
const MAX_BUSINESSES = 5000;

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
 */
@Injectable()
export class BusinessCache {
  private listening = false;
  /** Entries by business (Map order: least recently read first), as promises so loads are shared. */
  private readonly byBusiness = new Map<number, Map<string, Promise<unknown>>>();
  /** Entries spanning businesses (the directory): dropped on any change. */
  private readonly shared = new Map<string, Promise<unknown>>();

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

  /** The business changed: its entries, and every shared one, are read again. */
  invalidate(businessId: number): void {
    this.byBusiness.delete(businessId);
    this.shared.clear();
  }

  clear(): void {
    this.byBusiness.clear();
    this.shared.clear();
  }

  /** Only while notifications can arrive are entries kept; either way, nothing old survives. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }
}

/** Freezes the rows and the list a cache entry shares between requests. */
export function frozenRows<T extends object>(rows: T[]): readonly T[] {
  for (const row of rows) Object.freeze(row);
  return Object.freeze(rows);
}
