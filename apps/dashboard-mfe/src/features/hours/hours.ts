import {
  type Availability,
  type DayHours,
  DEFAULT_SLOT_DURATION,
  defaultWeeklyHours,
} from '@slotwise/contracts';

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Cards run Monday to Sunday, the way Australian businesses read their week. */
export const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const CLOSING_BEFORE_OPENING = 'Closing time must be after opening time';

/** Seven days, one per weekday, from what the API has (missing days fall back to the template). */
export function toDrafts(saved: readonly Availability[] | undefined): DayHours[] {
  const template = defaultWeeklyHours();
  return template.map((fallback) => {
    const row = saved?.find((d) => d.dayOfWeek === fallback.dayOfWeek) ?? fallback;
    return {
      dayOfWeek: row.dayOfWeek,
      isOpen: row.isOpen,
      openTime: row.openTime.slice(0, 5),
      closeTime: row.closeTime.slice(0, 5),
      slotDuration: row.slotDuration || DEFAULT_SLOT_DURATION,
    };
  });
}

/** 'HH:MM' strings compare correctly as text. Closed days are never invalid. */
export function dayError(day: DayHours): string | null {
  return day.isOpen && day.closeTime <= day.openTime ? CLOSING_BEFORE_OPENING : null;
}

export function hasErrors(days: readonly DayHours[]): boolean {
  return days.some((d) => dayError(d) !== null);
}

/** 'Apply to All Days': the chosen day's times and duration on every other day (open state kept). */
export function applyToAll(days: readonly DayHours[], fromDay: number): DayHours[] {
  const source = days.find((d) => d.dayOfWeek === fromDay);
  if (!source) return [...days];
  return days.map((d) =>
    d.dayOfWeek === fromDay
      ? d
      : {
          ...d,
          openTime: source.openTime,
          closeTime: source.closeTime,
          slotDuration: source.slotDuration,
        },
  );
}

export function updateDay(
  days: readonly DayHours[],
  dayOfWeek: number,
  change: Partial<DayHours>,
): DayHours[] {
  return days.map((d) => (d.dayOfWeek === dayOfWeek ? { ...d, ...change } : d));
}
