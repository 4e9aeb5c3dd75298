import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, LIVE_EVENT, type LiveBookingEvent } from '@slotwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { ActivityLog } from './activity-log.service.js';
import { LiveEvents } from './live-events.service.js';

/** Events replayed to a reconnecting client at most; beyond that it reloads its diary anyway. */
const MAX_CATCH_UP = 500;
/** How long a browser waits before reconnecting on its own (the SSE `retry` field). */
const RETRY_MS = 2000;

const frame = (event: string, id: number, data: unknown) =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Last-Event-ID as a number; absent: null; anything but digits: 400. */
function lastEventIdOf(request: FastifyRequest): number | null {
  const raw = request.headers['last-event-id'];
  if (raw === undefined || raw === '') return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,15}$/.test(value.trim())) {
    throw new DomainException(ErrorCode.VALIDATION_FAILED, 'Last-Event-ID must be an event id');
  }
  return Number(value.trim());
}

/**
 * One client's text/event-stream of its business's booking events. It listens first and reads
 * what it missed (after Last-Event-ID) second, holding live events until the replay is written,
 * so nothing falls between the two and nothing comes twice. A comment line every
 * LIVE_HEARTBEAT_MS keeps proxies from closing an idle stream.
 */
@Injectable()
export class LiveStream {
  constructor(
    private readonly live: LiveEvents,
    private readonly log: ActivityLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `visible`: which events this client may hear (a staff member: their own bookings'). `userId`:
   * the member listening; the stream ends when their membership of the business changes (the
   * browser reconnects, and the guard answers by the new role, or 404 once removed).
   */
  async open(
    businessId: number,
    request: FastifyRequest,
    reply: FastifyReply,
    visible: (event: LiveBookingEvent) => boolean = () => true,
    userId?: string,
  ): Promise<void> {
    const lastId = lastEventIdOf(request);
    let held: LiveBookingEvent[] | null = [];
    const raw = reply.raw;
    const send = (e: LiveBookingEvent) =>
      visible(e) && raw.write(frame(LIVE_EVENT.booking, e.id, e));
    const state: { heartbeat?: NodeJS.Timeout; stop?: () => void; memberChanged?: boolean } = {};
    const close = () => {
      state.stop?.();
      clearInterval(state.heartbeat);
    };
    state.stop = await this.live.listen(
      businessId,
      (e) => (held ? held.push(e) : send(e)),
      (changed) => {
        if (changed !== userId) return;
        // The role this stream was opened under no longer holds: end it (once it has begun).
        state.memberChanged = true;
        close();
        if (raw.headersSent) raw.end();
      },
    );
    try {
      const [missed, newest] = await Promise.all([
        lastId === null
          ? Promise.resolve([])
          : this.log.bookingEventsAfter(businessId, lastId, MAX_CATCH_UP),
        this.log.lastEventId(businessId),
      ]);
      // Written by hand (not Fastify's send), so no compression or buffering hook touches it.
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-store, no-transform',
        // nginx and similar proxies: pass each event on as it comes.
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      missed.forEach(send);
      // Where the client now stands, so its next Last-Event-ID is right even with no event yet.
      const position = lastId === null ? newest : Math.max(lastId, ...missed.map((e) => e.id));
      raw.write(
        frame(LIVE_EVENT.ready, position, {
          replayed: missed.length,
          complete: missed.length < MAX_CATCH_UP,
        }),
      );
      // Live events heard meanwhile, less those the replay held. Ids are not always in commit
      // order (two transactions), so a live event is never dropped for a lower id.
      const replayed = new Set(missed.map((e) => e.id));
      const waiting = held;
      held = null;
      waiting.filter((e) => !replayed.has(e.id)).forEach(send);
    } catch (error) {
      close();
      throw error;
    }
    if (state.memberChanged) {
      raw.end();
      return;
    }
    state.heartbeat = setInterval(
      () => raw.write(': heartbeat\n\n'),
      this.config.LIVE_HEARTBEAT_MS,
    );
    request.raw.on('close', close);
    raw.on('close', close);
    raw.on('error', close);
  }
}
