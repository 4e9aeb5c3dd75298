import { describe, expect, it } from 'vitest';
import { BookingTurns } from './booking-turns.js';

const HOUR = 3_600_000;
const at = (hour: number, hours = 1) => ({ start: hour * HOUR, end: (hour + hours) * HOUR });

/** A write that waits until `release` is called, then answers `result`. */
function heldWrite<T>(result: T) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let started = false;
  return {
    write: async () => {
      started = true;
      await gate;
      return result;
    },
    release: () => release(),
    started: () => started,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('BookingTurns', () => {
  it('refuses, without writing, the turns that overlap one that wrote its booking', async () => {
    const turns = new BookingTurns();
    const first = heldWrite('booked');
    const winner = turns.take('staff:1', at(10), first.write);
    let laterWrites = 0;
    const later = Array.from({ length: 5 }, () =>
      turns.take('staff:1', at(10), async () => {
        laterWrites += 1;
        return 'booked';
      }),
    );
    await tick();
    expect(laterWrites).toBe(0);
    first.release();
    await expect(winner).resolves.toBe('booked');
    for (const t of later) await expect(t).rejects.toMatchObject({ code: 'SLOT_TAKEN' });
    expect(laterWrites).toBe(0);
  });

  it('lets the next overlapping turn write when the earlier one lost or wrote nothing', async () => {
    const turns = new BookingTurns();
    const lost = turns.take('staff:1', at(10), async () => {
      throw new Error('taken by another process');
    });
    const nothing = turns.take('staff:1', at(10), async () => null);
    const next = turns.take('staff:1', at(10), async () => 'booked');
    await expect(lost).rejects.toThrow('taken by another process');
    await expect(nothing).resolves.toBeNull();
    await expect(next).resolves.toBe('booked');
  });

  it('never holds back times that do not overlap, nor other resources', async () => {
    const turns = new BookingTurns();
    const ten = heldWrite('ten');
    const pending = turns.take('staff:1', at(10), ten.write);
    const eleven = heldWrite('eleven');
    const other = heldWrite('other');
    const elevenDone = turns.take('staff:1', at(11), eleven.write);
    const otherDone = turns.take('staff:2', at(10), other.write);
    await tick();
    // Both started while 10:00 on staff 1 is still being written.
    expect(eleven.started()).toBe(true);
    expect(other.started()).toBe(true);
    eleven.release();
    other.release();
    await expect(elevenDone).resolves.toBe('eleven');
    await expect(otherDone).resolves.toBe('other');
    ten.release();
    await expect(pending).resolves.toBe('ten');
  });

  it('holds a partly overlapping turn, and forgets a resource once its turns are over', async () => {
    const turns = new BookingTurns();
    const first = heldWrite('booked');
    const winner = turns.take('staff:1', at(10, 1), first.write);
    const partly = turns.take('staff:1', { start: 10.5 * HOUR, end: 11.5 * HOUR }, async () => 'x');
    first.release();
    await winner;
    await expect(partly).rejects.toMatchObject({ code: 'SLOT_TAKEN' });
    // Nothing in flight: the same time is tried on the database again (its word decides).
    await expect(turns.take('staff:1', at(10), async () => 'again')).resolves.toBe('again');
  });
});
