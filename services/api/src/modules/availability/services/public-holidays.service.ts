import { Inject, Injectable } from '@nestjs/common';
import Holidays from 'date-holidays';
import type { PublicHoliday } from '@slotwise/contracts';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import type { BusinessEntity } from '../../business/index.js';
import { todayIn } from '../slot-engine.js';
import { ScheduleExceptionsService } from './schedule-exceptions.service.js';

/** How far ahead Settings suggests holidays. */
const AHEAD_DAYS = 365;

/**
 * The public holidays of the business's state from the maintained `date-holidays` data (substitute
 * days included), as one-click closures. Observances such as Mother's Day and bank-only holidays
 * are left out: shops open on them.
 */
@Injectable()
export class PublicHolidaysService {
  private readonly calendars = new Map<string, Holidays>();

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly exceptions: ScheduleExceptionsService,
  ) {}

  private calendar(region: string): Holidays {
    let calendar = this.calendars.get(region);
    if (!calendar) {
      calendar = new Holidays('AU', region, { types: ['public'] });
      this.calendars.set(region, calendar);
    }
    return calendar;
  }

  async upcoming(business: BusinessEntity): Promise<PublicHoliday[]> {
    const today = todayIn(business.timeZone, this.clock.now());
    const first = today.toString();
    const last = today.add({ days: AHEAD_DAYS }).toString();
    const calendar = this.calendar(business.region);
    const byDate = new Map<string, string>();
    for (const year of [today.year, today.year + 1]) {
      for (const h of calendar.getHolidays(year)) {
        const date = h.date.slice(0, 10);
        if (h.type !== 'public' || date < first || date > last) continue;
        // Two names on one date (Easter Sunday and Anzac Day can meet): one suggestion, both names.
        byDate.set(date, byDate.has(date) ? `${byDate.get(date)} / ${h.name}` : h.name);
      }
    }
    const closures = await this.exceptions.closures(business);
    return [...byDate.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, name]) => ({
        date,
        name,
        closed: closures.some((c) => c.from <= date && date <= c.to),
      }));
  }
}
