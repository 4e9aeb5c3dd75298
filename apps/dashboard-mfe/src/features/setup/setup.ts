import {
  type Availability,
  BookingSlugSchema,
  type Business,
  DEFAULT_SLOT_DURATION,
  type Service,
  type WeeklyHoursRequest,
  formatClockTime,
  hasChosenName,
  slugify,
} from '@slotwise/contracts';

/** What a business needs before the directory lists it (besides publishing being on). */
export interface SetupProgress {
  name: boolean;
  service: boolean;
  hours: boolean;
}

export function setupProgress(
  business: Pick<Business, 'name'>,
  services: readonly Pick<Service, 'isActive'>[],
  hours: readonly Pick<Availability, 'isOpen' | 'intervals'>[],
): SetupProgress {
  return {
    name: hasChosenName(business.name),
    service: services.some((s) => s.isActive),
    hours: hours.some((d) => d.isOpen && d.intervals.length > 0),
  };
}

export const setupComplete = (p: SetupProgress) => p.name && p.service && p.hours;

/**
 * The booking link a name suggests ('Harbour Hair' → 'harbour-hair'); the current slug when the
 * name makes no acceptable one (too short, reserved, digits only).
 */
export function suggestedSlug(name: string, current: string): string {
  const slug = slugify(name);
  return BookingSlugSchema.safeParse(slug).success ? slug : current;
}

/** The weekly hours the setup offers: which days open, all with the same opening times. */
export const HOURS_PRESETS = [
  { value: 'weekdays', label: 'Monday to Friday', days: [1, 2, 3, 4, 5] },
  { value: 'mon-sat', label: 'Monday to Saturday', days: [1, 2, 3, 4, 5, 6] },
  { value: 'every-day', label: 'Every day', days: [0, 1, 2, 3, 4, 5, 6] },
] as const;
export type HoursPreset = (typeof HOURS_PRESETS)[number]['value'];

/** Opening and closing times on the half hour, 6:00 AM to 10:00 PM. */
export const TIME_CHOICES = Array.from({ length: 33 }, (_, i) => {
  const minutes = 6 * 60 + i * 30;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { value, label: formatClockTime(value) };
});

export const CLOSING_BEFORE_OPENING = 'Closing time must be after opening time';

/** All seven days for PUT …/availability: the preset's days open from `open` to `close`. */
export function presetWeek(preset: HoursPreset, open: string, close: string): WeeklyHoursRequest {
  const days: readonly number[] = HOURS_PRESETS.find((p) => p.value === preset)!.days;
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    isOpen: days.includes(dayOfWeek),
    // Kept on closed days too, so opening one later in Settings starts from these times.
    intervals: [{ openTime: open, closeTime: close }],
    slotDuration: DEFAULT_SLOT_DURATION,
  }));
}

/** Remembers, for this browser tab, that the owner chose to look around before the setup. */
const skipKey = (businessId: number) => `slotwise.setup-skipped.${businessId}`;

export function setupSkipped(businessId: number): boolean {
  try {
    return sessionStorage.getItem(skipKey(businessId)) === '1';
  } catch {
    return false;
  }
}

export function skipSetup(businessId: number): void {
  try {
    sessionStorage.setItem(skipKey(businessId), '1');
  } catch {
    // Storage refused (private mode): the skip lasts until the page reloads.
  }
}

/**
 * Remembers, in this browser, that the owner is part way through the setup: a reload (or a new
 * session) comes back to the step they were on, even though the business already has a name, a
 * service and its default week. The server publishes it only once the hours are kept or saved.
 */
const openKey = (businessId: number) => `slotwise.setup-open.${businessId}`;

export function setupInProgress(businessId: number): boolean {
  try {
    return localStorage.getItem(openKey(businessId)) === '1';
  } catch {
    return false;
  }
}

export function markSetupInProgress(businessId: number, inProgress: boolean): void {
  try {
    if (inProgress) localStorage.setItem(openKey(businessId), '1');
    else localStorage.removeItem(openKey(businessId));
  } catch {
    // Storage refused (private mode): a reload starts from what the business has.
  }
}
