import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MAX_BUFFER_MINUTES } from '@slotwise/contracts';
import type { SqlParams } from '../../../core/database/sql-params.js';

/** What a non-cancelled booking keeps its resource busy for: the booking with its buffers. */
export interface BookedRange {
  resourceKey: string;
  start: Date;
  end: Date;
}

/** A `BookedRange` in epoch milliseconds. */
export interface BlockedSpan {
  resourceKey: string;
  start: number;
  end: number;
}

/** The longest a booking can last (it ends by its day's closing time; 26 h covers daylight saving). */
export const LONGEST_BOOKING_MS = 26 * 3600 * 1000;

/**
 * A blocked range reaches a buffer (services' CHECK: at most MAX_BUFFER_MINUTES) before the start
 * and after the end, so one overlapping [from, to) starts in (from - this, to + BUFFER_MS). Said
 * in the query, it lets the index on (business, start) read those days only, whatever the table's
 * statistics say: with statistics from before a business's bookings (a new business), the planner
 * takes that index with the business alone, and every read went through its whole history.
 */
const BUFFER_MS = MAX_BUFFER_MINUTES * 60_000;
const STARTS_BEFORE_REACH_MS = LONGEST_BOOKING_MS + BUFFER_MS;

/** The value `BookedRanges#businessBlockedSpansSql` answers, as the spans. */
export function readBlockedSpans(value: unknown): BlockedSpan[] {
  // Timestamps in JSON are ISO 8601 with their offset: Date.parse reads them as pg's own parser
  // does (to the millisecond, truncated), and costs both sides less than numbers computed in SQL.
  return (value as [string, string, string][]).map(([resourceKey, start, end]) => ({
    resourceKey,
    start: Date.parse(start),
    end: Date.parse(end),
  }));
}

/** What is taken: the blocked ranges of the bookings, which availability and moves read. */
@Injectable()
export class BookedRanges {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Blocked ranges of the resources' non-cancelled bookings that overlap [from, to), optionally
   * but one's.
   */
  async overlapping(
    resourceKeys: readonly string[],
    from: Date,
    to: Date,
    options: { excludeId?: number; em?: EntityManager } = {},
  ): Promise<BookedRange[]> {
    if (resourceKeys.length === 0) return [];
    const rows: { resource_key: string; blocked_from: Date; blocked_until: Date }[] = await (
      options.em ?? this.dataSource.manager
    ).query(
      `SELECT resource_key, blocked_from, blocked_until
         FROM appointments
        WHERE resource_key = ANY($1::text[])
          AND status <> 'cancelled'
          AND tstzrange(blocked_from, blocked_until, '[)') && tstzrange($2, $3, '[)')
          AND id <> $4`,
      [resourceKeys, from.toISOString(), to.toISOString(), options.excludeId ?? 0],
    );
    return rows.map((r) => ({
      resourceKey: r.resource_key,
      start: r.blocked_from,
      end: r.blocked_until,
    }));
  }

  /**
   * The blocked ranges of a business's non-cancelled bookings (every resource's) that overlap
   * [from, to), optionally but one's: what the slot engine reads on every public request, as a part
   * of a larger statement. A scalar subquery on the index by business and blocked range, answering
   * the spans as one JSON value (rows of timestamps cost more to send and parse than the spans
   * they carry), which `readBlockedSpans` turns back into them.
   */
  businessBlockedSpansSql(
    businessId: number,
    from: Date,
    to: Date,
    excludeId: number | undefined,
    p: SqlParams,
  ): string {
    return `(SELECT coalesce(json_agg(json_build_array(resource_key, blocked_from, blocked_until)),
                             '[]'::json)
               FROM appointments
              WHERE business_id = ${p.add(businessId, 'int')}
                AND status <> 'cancelled'
                AND tstzrange(blocked_from, blocked_until, '[)')
                    && tstzrange(${p.add(from.toISOString(), 'timestamptz')},
                                 ${p.add(to.toISOString(), 'timestamptz')}, '[)')
                AND starts_at > ${p.add(new Date(from.getTime() - STARTS_BEFORE_REACH_MS), 'timestamptz')}
                AND starts_at < ${p.add(new Date(to.getTime() + BUFFER_MS), 'timestamptz')}
                AND id <> ${p.add(excludeId ?? 0, 'int')})`;
  }
}
