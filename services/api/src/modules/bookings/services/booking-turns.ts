import { Injectable } from '@nestjs/common';
import { slotTaken } from './booking-writer.service.js';

/** A range a booking blocks, in epoch milliseconds. */
export interface TurnSpan {
  start: number;
  end: number;
}

interface Turn {
  span: TurnSpan;
  /** Settles (never rejects) once this turn's write is over. */
  over: Promise<void>;
  won: boolean;
}

const overlaps = (a: TurnSpan, b: TurnSpan) => a.start < b.end && b.start < a.end;

/**
 * Public bookings of overlapping times on one resource take turns in this process before they
 * reach the database, and a turn that comes after a winner is refused without a statement.
 *
 * Many customers on one popular time all read it free at once and then queue for the resource's
 * booking lock, each holding a pooled connection while it waits: 1,000 of them took 15 s and the
 * pool from everyone else. Waiting here holds no connection, and the losers learn at once. A turn
 * refused because an earlier one won is what the database would have said a moment later (unless
 * that booking was cancelled in between); other processes still meet at the lock and the
 * exclusion constraint, which keep the final word. Bookings of times that do not overlap never
 * wait for each other here.
 */
@Injectable()
export class BookingTurns {
  private readonly inFlight = new Map<string, Set<Turn>>();

  /**
   * Runs `write` once every earlier turn on `resourceKey` overlapping `span` is over; throws
   * SLOT_TAKEN instead when one of them wrote its booking. `write` answers null when it wrote
   * nothing (so it did not win).
   */
  async take<T>(
    resourceKey: string,
    span: TurnSpan,
    write: () => Promise<T | null>,
  ): Promise<T | null> {
    let turns = this.inFlight.get(resourceKey);
    if (!turns) this.inFlight.set(resourceKey, (turns = new Set()));
    const earlier = [...turns].filter((t) => overlaps(t.span, span));
    let finish!: () => void;
    const turn: Turn = { span, won: false, over: new Promise((r) => (finish = r)) };
    turns.add(turn);
    try {
      if (earlier.length > 0) {
        await Promise.all(earlier.map((t) => t.over));
        if (earlier.some((t) => t.won)) throw slotTaken();
      }
      const result = await write();
      turn.won = result !== null;
      return result;
    } finally {
      turns.delete(turn);
      if (turns.size === 0) this.inFlight.delete(resourceKey);
      finish();
    }
  }
}
