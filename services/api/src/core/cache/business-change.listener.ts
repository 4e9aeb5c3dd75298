import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import {
  AVAILABILITY_CHANGED_PREFIX,
  BUSINESS_CHANGED_CHANNEL,
  BusinessCache,
} from './business-cache.js';

/** Shown in pg_stat_activity; the benchmark leaves this connection's pings out of its counts. */
export const LISTENER_APPLICATION_NAME = 'slotwise-cache-listener';
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5000;
/** A connection that died without a word (a network partition) is found out by this ping. */
const PING_EVERY_MS = 10_000;
const PING_TIMEOUT_MS = 5000;
/** How long a read waits for the listener's round trip before it computes its answer afresh. */
const BARRIER_MS = 1000;

type Notification = { processId: number; channel: string; payload?: string };

/**
 * One dedicated connection (not from the pool, whose connections come and go) that LISTENs for
 * the business changes the triggers notify, and drops those businesses' cache entries (only their
 * answers for `availability:<id>`: a booking, a closure, special hours, time off). While it
 * is not connected the cache keeps nothing; when it (re)connects the cache starts empty, so a
 * change made during a gap cannot survive in it. It reconnects with a backoff up to 5 s.
 *
 * The pool's connections LISTEN too, for their own writes only: PostgreSQL hands a session the
 * notifications of its own transaction before it answers the COMMIT, so this process drops what
 * it changed before its write returns (an owner's save, then their next read, are never out of
 * order here). Other sessions' notifications are the dedicated connection's to handle.
 */
@Injectable()
export class BusinessChangeListener implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(BusinessChangeListener.name);
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | null = null;
  private waiting: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: BusinessCache,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listenOnPool();
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    if (client) await this.lost(client);
  }

  /**
   * Resolves once every change committed before the call has reached this process: a round trip
   * that notifies the channel itself, whose notification comes after all earlier ones (tests
   * that write with another connection use it before reading through the API).
   */
  async caughtUp(): Promise<void> {
    await this.client?.query('SELECT pg_notify($1, $2)', [BUSINESS_CHANGED_CHANNEL, 'sync']);
  }

  /**
   * Resolves once every change committed before the call has reached this process, with one
   * round trip on the listening connection shared by every call made meanwhile (at most one in
   * flight and one waiting to be sent): the answers' cache waits for it (BusinessCache#answer).
   * A committing session signals the listening sessions before its COMMIT answers, and a session
   * sends the notifications it was signalled before it answers its next query, so those of every
   * transaction committed before the round trip was sent arrive before its answer.
   */
  private readonly barrier = (): Promise<void> => {
    if (!this.inFlight) {
      const client = this.client;
      if (!client) return Promise.reject(new Error('the cache listener is not connected'));
      let timer: NodeJS.Timeout | undefined;
      // A connection that stopped answering (before the ping finds it out) holds no read up long.
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('no answer from the cache listener')),
          BARRIER_MS,
        );
      });
      this.inFlight = Promise.race([client.query('SELECT 1'), timeout])
        .then(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          this.inFlight = null;
        });
      return this.inFlight;
    }
    // Calls made after the one in flight was sent need the next one.
    this.waiting ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.waiting = null;
        return this.barrier();
      });
    return this.waiting;
  };

  private readonly onNotification = (n: Notification) => {
    if (n.channel !== BUSINESS_CHANGED_CHANNEL) return;
    const payload = n.payload ?? '';
    if (payload === '*') this.cache.clear();
    else if (/^\d+$/.test(payload)) this.cache.invalidate(Number(payload));
    else if (payload.startsWith(AVAILABILITY_CHANGED_PREFIX)) {
      const id = payload.slice(AVAILABILITY_CHANGED_PREFIX.length);
      if (/^\d+$/.test(id)) this.cache.invalidateAnswers(Number(id));
    }
  };

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.config.DATABASE_URL,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    this.client = client;
    client.on('notification', this.onNotification);
    client.on('error', (error) => void this.lost(client, error));
    client.on('end', () => void this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${BUSINESS_CHANGED_CHANNEL}`);
    } catch (error) {
      void this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    this.retryMs = RETRY_MIN_MS;
    this.cache.setListening(true, this.barrier);
    this.pingTimer = setInterval(() => void this.ping(client), PING_EVERY_MS);
    this.pingTimer.unref();
  }

  private async ping(client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer to a ping')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } catch (error) {
      void this.lost(client, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The connection is gone (or going): stop caching, forget everything, and connect again. */
  private lost(client: pg.Client, error?: unknown): Promise<void> {
    if (this.client !== client) return Promise.resolve();
    this.client = null;
    this.cache.setListening(false);
    clearInterval(this.pingTimer);
    client.off('notification', this.onNotification);
    const ended = client.end().catch(() => undefined);
    if (this.stopped) return ended;
    this.logger.warn(
      `Cache listener disconnected (${error instanceof Error ? error.message : 'connection ended'}); ` +
        `caching is off until it reconnects`,
    );
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    return ended;
  }

  /**
   * Every pool connection LISTENs before it is first handed out: through the pool's `onConnect`
   * hook for connections made from now on, and here for those already open (the data source's
   * start-up check leaves one idle), which are all idle while the module starts. LISTEN is never
   * sent beside another query on the same connection.
   */
  private async listenOnPool(): Promise<void> {
    const pool = (this.dataSource.driver as unknown as { master?: pg.Pool }).master;
    if (!pool) return;
    const listen = async (client: pg.ClientBase) => {
      const backend = client as pg.ClientBase & { processID?: number };
      client.on('notification', (n: Notification) => {
        if (n.processId === backend.processID) this.onNotification(n);
      });
      await client.query(`LISTEN ${BUSINESS_CHANGED_CHANNEL}`);
    };
    (pool.options as pg.PoolConfig).onConnect = listen;
    const open = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    await Promise.all(
      open.map((client) =>
        listen(client).then(
          () => client.release(),
          // A connection that cannot LISTEN is closed rather than handed out without it.
          (error: Error) => client.release(error),
        ),
      ),
    );
  }
}
