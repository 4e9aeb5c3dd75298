import { EventEmitter } from 'node:events';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LiveBookingEvent } from '@slotwise/contracts';
import { Redis } from 'ioredis';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';

export type LiveListener = (event: LiveBookingEvent) => void;
/** Told the account whose membership of the business just changed (a new role, or removed). */
export type MemberListener = (userId: string) => void;

/** On the business's channel beside its booking events: a membership changed. */
interface MemberChange {
  membershipChanged: string;
}

const isMemberChange = (message: unknown): message is MemberChange =>
  typeof (message as Partial<MemberChange> | null)?.membershipChanged === 'string';

const membersKey = (businessId: string) => `${businessId}:members`;

/**
 * The live diary's fan-out: one Redis pub/sub channel per business, which every API process (and
 * the worker) publishes to once the change is committed, and which each process subscribes to
 * while one of its clients listens to that business. Without REDIS_URL (one process, development)
 * events go round this process only.
 *
 * "After commit": an event recorded inside a transaction waits on that transaction's query runner
 * and goes out from TypeORM's afterTransactionCommit (dropped on rollback, so a retried
 * transaction announces only its successful run); one recorded outside a transaction goes at once.
 */
@Injectable()
export class LiveEvents implements OnModuleInit, OnApplicationShutdown, EntitySubscriberInterface {
  private readonly logger = new Logger(LiveEvents.name);
  private readonly pending = new WeakMap<QueryRunner, LiveBookingEvent[]>();
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly publisher: Redis | null;
  private readonly subscriber: Redis | null;
  private readonly prefix: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.QUEUE_PREFIX}:live:business:`;
    const url = config.REDIS_URL;
    const options = { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true };
    this.publisher = url ? new Redis(url, options) : null;
    this.subscriber = url ? new Redis(url, options) : null;
    for (const redis of [this.publisher, this.subscriber]) {
      // ioredis reconnects by itself; one line per failure is enough.
      redis?.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    }
    this.subscriber?.on('message', (channel: string, message: string) => {
      const businessId = channel.slice(this.prefix.length);
      try {
        const parsed = JSON.parse(message) as LiveBookingEvent | MemberChange;
        if (isMemberChange(parsed)) {
          this.local.emit(membersKey(businessId), parsed.membershipChanged);
        } else {
          this.local.emit(businessId, parsed);
        }
      } catch {
        this.logger.warn(`Unreadable live event on ${channel}`);
      }
    });
  }

  onModuleInit(): void {
    // The data source's subscribers are read at each broadcast, so one added now is heard.
    this.dataSource.subscribers.push(this);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      [this.publisher, this.subscriber].map((r) => r?.quit().catch(() => r.disconnect())),
    );
  }

  /** Announces `event` once `em`'s transaction commits (at once outside a transaction). */
  afterCommit(em: EntityManager, businessId: number, event: LiveBookingEvent): void {
    const runner = em.queryRunner;
    if (runner?.isTransactionActive) {
      const list = this.pending.get(runner) ?? [];
      list.push({ ...event, businessId } as LiveBookingEvent & { businessId: number });
      this.pending.set(runner, list);
      return;
    }
    void this.publish(businessId, event);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const list = this.pending.get(event.queryRunner);
    if (!list) return;
    this.pending.delete(event.queryRunner);
    for (const e of list as (LiveBookingEvent & { businessId: number })[]) {
      const { businessId, ...rest } = e;
      void this.publish(businessId, rest);
    }
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.pending.delete(event.queryRunner);
  }

  /** Sends `event` to every process's listeners of the business. Never throws. */
  async publish(businessId: number, event: LiveBookingEvent): Promise<void> {
    if (!this.publisher) {
      this.local.emit(String(businessId), event);
      return;
    }
    try {
      await this.publisher.publish(this.prefix + businessId, JSON.stringify(event));
    } catch (error) {
      // The change is committed and in the history: a client that missed it catches up there.
      this.logger.warn(`Live event not published: ${(error as Error).message}`);
    }
  }

  /**
   * Tells every process's streams of the business that `userId`'s membership changed (their role,
   * or their removal), so a stream opened under the old role ends at once. Never throws.
   */
  async memberChanged(businessId: number, userId: string): Promise<void> {
    const change: MemberChange = { membershipChanged: userId };
    if (!this.publisher) {
      this.local.emit(membersKey(String(businessId)), userId);
      return;
    }
    try {
      await this.publisher.publish(this.prefix + businessId, JSON.stringify(change));
    } catch (error) {
      // The guard reads the membership on every request: only an open stream outlives the change.
      this.logger.warn(`Membership change not published: ${(error as Error).message}`);
    }
  }

  /**
   * Listens to one business's events (and, with `onMember`, its membership changes) until the
   * returned function is called.
   */
  async listen(
    businessId: number,
    listener: LiveListener,
    onMember?: MemberListener,
  ): Promise<() => void> {
    const key = String(businessId);
    const first = this.local.listenerCount(key) === 0;
    this.local.on(key, listener);
    if (onMember) this.local.on(membersKey(key), onMember);
    if (first && this.subscriber) await this.subscriber.subscribe(this.prefix + key);
    return () => {
      this.local.off(key, listener);
      if (onMember) this.local.off(membersKey(key), onMember);
      if (this.local.listenerCount(key) === 0 && this.subscriber) {
        this.subscriber.unsubscribe(this.prefix + key).catch(() => undefined);
      }
    };
  }
}
