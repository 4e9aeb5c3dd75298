import type { SqlParams } from './sql-params.js';

/**
 * What a booking's statement checks on one module's tables before it writes: that what the booking
 * went by (read earlier, usually from this process's cache) still holds. The module owning the
 * tables writes it; the bookings module composes the checks into its statement
 * (`BookingWriter.bookInOneStatement`), so no module writes another's SQL or names its parts.
 */
export interface BookingConstraint {
  /** Who contributes it, for the list of contributors (and the test that keeps them complete). */
  readonly name: string;
  /**
   * Every column of every table it reads: `checked`, compared with what the booking went by, or
   * `ignored`, for columns no booking depends on. A column in neither fails the coverage test: a
   * new column is classified where the table's check is written, so a stale copy cannot slip by.
   */
  readonly covers: ConstraintCoverage;
  /** The condition, adding its values to `p`. */
  sql(p: SqlParams): string;
}

export type ConstraintCoverage = Readonly<
  Record<string, { readonly checked: readonly string[]; readonly ignored: readonly string[] }>
>;
