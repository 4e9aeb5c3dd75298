import { Temporal } from 'temporal-polyfill';

/** Injection token for the current time, so slot computations are deterministic under test. */
export const CLOCK = Symbol('CLOCK');

export interface Clock {
  now(): Temporal.Instant;
}

/** An instant as the Date that TypeORM columns and `pg` take: `toDate(this.clock.now())`. */
export const toDate = (instant: Pick<Temporal.Instant, 'epochMilliseconds'>): Date =>
  new Date(instant.epochMilliseconds);

export class SystemClock implements Clock {
  now(): Temporal.Instant {
    return Temporal.Instant.fromEpochMilliseconds(Date.now());
  }
}

export class FixedClock implements Clock {
  private instant: Temporal.Instant;

  constructor(at: string | Temporal.Instant) {
    this.instant = typeof at === 'string' ? Temporal.Instant.from(at) : at;
  }

  now(): Temporal.Instant {
    return this.instant;
  }

  set(at: string | Temporal.Instant): void {
    this.instant = typeof at === 'string' ? Temporal.Instant.from(at) : at;
  }
}
