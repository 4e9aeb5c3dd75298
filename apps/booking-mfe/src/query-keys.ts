// The query keys of a business's public pages: the booking wizard, the date and time picker and
// the self-service pages read and invalidate the same cache entries.
export const bookingKeys = {
  business: (slug: string) => ['business', 'slug', slug] as const,
  services: (slug: string) => ['business', 'slug', slug, 'services'] as const,
  staff: (slug: string, serviceId: number | null) =>
    ['business', 'slug', slug, 'staff', serviceId] as const,
  /**
   * Prefix of every availability query of a business, a day's times and a month's days
   * (invalidated after a booking).
   */
  allTimes: (slug: string) => ['business', 'slug', slug, 'available-times'] as const,
  times: (slug: string, date: string | null, serviceId: number | null, staffId: number | null) =>
    [...bookingKeys.allTimes(slug), date, serviceId, staffId] as const,
  /** A month's days ('YYYY-MM'): which dates have times, and why the others do not. */
  days: (slug: string, serviceId: number | null, staffId: number | null, month: string) =>
    [...bookingKeys.allTimes(slug), 'days', serviceId, staffId, month] as const,
};
