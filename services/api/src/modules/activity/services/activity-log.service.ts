import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ActivityEntry,
  ActivityPage,
  ActivityQuery,
  ActivitySubject,
  Actor,
  BookingChangeKind,
  HistoryEntry,
  LiveBookingEvent,
} from '@slotwise/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import type { SqlParams } from '../../../core/database/sql-params.js';
import { LiveEvents } from './live-events.service.js';

/** Slotwise's own changes (the worker, automatic ones). */
export const SYSTEM_ACTOR: Actor = { kind: 'system', userId: null, name: 'Slotwise' };

/** A customer acting through the booking page or their links, by the name they booked with. */
export const customerActor = (firstName: string, lastName: string): Actor => ({
  kind: 'customer',
  userId: null,
  name: `${firstName} ${lastName}`.trim(),
});

/** A booking as it stands after a change: what the live event carries. */
export interface BookingSnapshot {
  id: number;
  businessId: number;
  startsAt: Date;
  endsAt: Date;
  staffId: number | null;
  status: string;
}

/** A change of something other than a booking (hours, a service, a staff member, a member). */
export interface OtherChange {
  businessId: number;
  subject: Exclude<ActivitySubject, 'appointment'>;
  subjectId: number | null;
  action: 'created' | 'updated' | 'deleted';
  summary: string;
  actor: Actor;
}

interface Row {
  id: string;
  subject: ActivitySubject;
  subject_id: number | null;
  action: string;
  summary: string;
  details: Record<string, unknown>;
  actor_kind: Actor['kind'];
  actor_user_id: string | null;
  actor_name: string;
  created_at: Date;
}

const COLUMNS = `id, subject, subject_id, action, summary, details, actor_kind, actor_user_id,
                 actor_name, created_at`;

const SUMMARIES: Record<BookingChangeKind, string> = {
  created: 'Appointment booked',
  moved: 'Appointment moved',
  cancelled: 'Appointment cancelled',
  status: 'Appointment status changed',
  no_show: 'Appointment marked no-show',
  notes: 'Appointment notes changed',
  fee: 'Fee charged',
};

const actorOf = (r: Row): Actor => ({
  kind: r.actor_kind,
  userId: r.actor_user_id,
  name: r.actor_name,
});

function detailsOf(b: BookingSnapshot, extra: Record<string, unknown> = {}) {
  return {
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    staffId: b.staffId,
    status: b.status,
    ...extra,
  };
}

/** The live event a booking's row stands for (its details hold the booking as it then stood). */
function eventOf(r: Row): LiveBookingEvent {
  const d = r.details;
  return {
    id: Number(r.id),
    appointmentId: r.subject_id!,
    kind: r.action as BookingChangeKind,
    startsAt: String(d.startsAt),
    endsAt: String(d.endsAt),
    staffId: (d.staffId as number | null) ?? null,
    status: String(d.status),
    actor: actorOf(r),
    at: r.created_at.toISOString(),
  };
}

/**
 * The `activity_log` table: who changed what, written in the change's own transaction, and the
 * live diary's events announced once it commits.
 */
@Injectable()
export class ActivityLog {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly live: LiveEvents,
  ) {}

  /** Records a booking's change in `em`'s transaction; the live event follows its commit. */
  async bookingChanged(
    em: EntityManager,
    booking: BookingSnapshot,
    kind: BookingChangeKind,
    actor: Actor,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const [row] = (await em.query(
      `INSERT INTO activity_log (business_id, subject, subject_id, action, summary, details,
                                 actor_kind, actor_user_id, actor_name, created_at)
       VALUES ($1, 'appointment', $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING ${COLUMNS}`,
      [
        booking.businessId,
        booking.id,
        kind,
        SUMMARIES[kind],
        detailsOf(booking, extra),
        actor.kind,
        actor.userId,
        actor.name,
        toDate(this.clock.now()),
      ],
    )) as Row[];
    this.live.afterCommit(em, booking.businessId, eventOf(row!));
  }

  /**
   * The body of a WITH query recording a booking written by one statement (a public booking),
   * only while `written` holds; it answers the row's id and time, for `announceWritten`.
   */
  bookingWrittenSql(booking: BookingSnapshot, actor: Actor, written: string, p: SqlParams): string {
    return `INSERT INTO activity_log (business_id, subject, subject_id, action, summary, details,
                                      actor_kind, actor_user_id, actor_name, created_at)
            SELECT ${p.add(booking.businessId, 'int')}, 'appointment', ${p.add(booking.id, 'int')},
                   'created', ${p.add(SUMMARIES.created, 'text')},
                   ${p.add(JSON.stringify(detailsOf(booking)), 'jsonb')},
                   ${p.add(actor.kind, 'text')}, ${p.add(actor.userId, 'uuid')},
                   ${p.add(actor.name, 'text')}, ${p.add(toDate(this.clock.now()), 'timestamptz')}
             WHERE ${written}
            RETURNING id`;
  }

  /** Announces a booking written by one statement (committed already), its row's id given. */
  announceWritten(booking: BookingSnapshot, actor: Actor, id: number): void {
    void this.live.publish(booking.businessId, {
      id,
      appointmentId: booking.id,
      kind: 'created',
      ...detailsOf(booking),
      actor,
      at: toDate(this.clock.now()).toISOString(),
    } as LiveBookingEvent);
  }

  /** Records a change of the hours, a service, a staff member or a member. */
  async otherChanged(change: OtherChange, em: EntityManager = this.dataSource.manager) {
    await em.query(
      `INSERT INTO activity_log (business_id, subject, subject_id, action, summary,
                                 actor_kind, actor_user_id, actor_name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        change.businessId,
        change.subject,
        change.subjectId,
        change.action,
        change.summary,
        change.actor.kind,
        change.actor.userId,
        change.actor.name,
        toDate(this.clock.now()),
      ],
    );
  }

  /** Each appointment's history, oldest first. */
  async histories(
    businessId: number,
    appointmentIds: readonly number[],
  ): Promise<Map<number, HistoryEntry[]>> {
    const out = new Map<number, HistoryEntry[]>();
    if (appointmentIds.length === 0) return out;
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM activity_log
        WHERE business_id = $1 AND subject = 'appointment' AND subject_id = ANY($2::int[])
        ORDER BY id`,
      [businessId, [...new Set(appointmentIds)]],
    )) as Row[];
    for (const r of rows) {
      const list = out.get(r.subject_id!) ?? [];
      list.push({
        id: Number(r.id),
        kind: r.action as BookingChangeKind,
        actor: actorOf(r),
        at: r.created_at.toISOString(),
        details: r.details,
      });
      out.set(r.subject_id!, list);
    }
    return out;
  }

  /** Settings → Activity: newest first, a page at a time. */
  async page(businessId: number, query: ActivityQuery): Promise<ActivityPage> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM activity_log
        WHERE business_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
        ORDER BY id DESC LIMIT $3`,
      [businessId, query.before ?? null, query.limit + 1],
    )) as Row[];
    const more = rows.length > query.limit;
    const entries: ActivityEntry[] = rows.slice(0, query.limit).map((r) => ({
      id: Number(r.id),
      subject: r.subject,
      subjectId: r.subject_id,
      action: r.action,
      summary: r.summary,
      actor: actorOf(r),
      at: r.created_at.toISOString(),
    }));
    return { entries, nextBefore: more ? entries.at(-1)!.id : null };
  }

  /**
   * The booking events after `lastId` (a reconnecting client's Last-Event-ID), oldest first, at
   * most `limit`: more than that and the client reloads its diary instead.
   */
  async bookingEventsAfter(
    businessId: number,
    lastId: number,
    limit: number,
  ): Promise<LiveBookingEvent[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM activity_log
        WHERE business_id = $1 AND subject = 'appointment' AND id > $2
        ORDER BY id LIMIT $3`,
      [businessId, lastId, limit],
    )) as Row[];
    return rows.map(eventOf);
  }

  /** The newest event id of the business (a new stream's starting point), 0 when none. */
  async lastEventId(businessId: number): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT coalesce(max(id), 0)::bigint AS id FROM activity_log
        WHERE business_id = $1 AND subject = 'appointment'`,
      [businessId],
    )) as { id: string }[];
    return Number(row?.id ?? 0);
  }
}
