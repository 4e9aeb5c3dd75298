// Zod-free on purpose: browsers import these constants without pulling the schema library in.
export const SLOT_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
export const DEFAULT_SLOT_DURATION = 30;
/** The business's slot interval: minutes between the start times offered (decision 37). */
export const SLOT_INTERVALS = [5, 10, 15, 20, 30, 60] as const;
export type SlotInterval = (typeof SLOT_INTERVALS)[number];
export const DEFAULT_SLOT_INTERVAL: SlotInterval = 30;
/** Service durations: whole minutes in steps of 5, from 5 minutes to 12 hours (decision 37). */
export const DURATION_STEP_MINUTES = 5;
export const MAX_DURATION_MINUTES = 720;
/** A new business's booking window: minimum notice before a bookable slot, in minutes. */
export const MIN_NOTICE_MINUTES = 60;
/** A new business's booking window: how many days ahead customers may book. */
export const MAX_BOOKING_DAYS_AHEAD = 180;
/**
 * A new business's cut-off: minutes before the start after which the customer's links no longer
 * cancel or move the booking (0: until the start).
 */
export const CANCEL_CUTOFF_MINUTES = 0;
/** Australian states and territories, whose public holidays Settings offers as closures. */
export const AU_REGIONS = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuRegion = (typeof AU_REGIONS)[number];
export const DEFAULT_REGION: AuRegion = 'NSW';
