// Zod-free on purpose: browsers import these constants without pulling the schema library in.
export const SLOT_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
export const DEFAULT_SLOT_DURATION = 30;
/** Minimum notice before a bookable slot, in minutes: nothing sooner is offered. */
export const MIN_NOTICE_MINUTES = 60;
/** How far ahead customers may book. */
export const MAX_BOOKING_DAYS_AHEAD = 180;
