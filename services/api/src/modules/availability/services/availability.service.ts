import { Inject, Injectable } from '@nestjs/common';
import { Temporal } from 'temporal-polyfill';
import type { EntityManager } from 'typeorm';
import { type AvailableTime, ErrorCode } from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import {
  BookingLedgerService,
  businessResourceKey,
  staffResourceKey,
} from '../../booking-ledger/index.js';
import type { BusinessEntity } from '../../business/index.js';
import type { ServiceEntity } from '../../catalog/index.js';
import { offers, type Staff, StaffService } from '../../staff/index.js';
import {
  type AvailableSlot,
  availableSlots,
  daySlotGrid,
  type GridSlot,
  type ResourceBookings,
  resolveBusinessDate,
  toIsoString,
} from '../slot-engine.js';
import { WeeklyHoursService } from './weekly-hours.service.js';

/** Something that can be booked: a staff member, or the business itself when nobody offers it. */
export interface BookingResource {
  key: string;
  staff: Staff | null;
}

export interface DaySchedule {
  grid: GridSlot[];
  available: AvailableSlot[];
}

const toInstant = (d: Date) => Temporal.Instant.fromEpochMilliseconds(d.getTime());

/** Which times can be booked: the slot engine fed with a business's hours, staff and bookings. */
@Injectable()
export class AvailabilityService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly staffService: StaffService,
    private readonly weeklyHours: WeeklyHoursService,
    private readonly ledger: BookingLedgerService,
  ) {}

  /**
   * Who can take a booking of this service: the chosen staff member; else every active staff
   * member offering it; else, when nobody offers it, the business itself as one resource.
   */
  async resolveResources(
    business: BusinessEntity,
    service: ServiceEntity,
    staffId?: number | null,
  ): Promise<BookingResource[]> {
    if (staffId != null) {
      const staff = await this.staffService.findActiveOrThrow(business.id, staffId);
      if (!offers(staff, service.id)) {
        throw new DomainException(
          ErrorCode.VALIDATION_FAILED,
          'This staff member does not offer the selected service',
        );
      }
      return [{ key: staffResourceKey(staff.id), staff }];
    }
    const eligible = await this.staffService.listActive(business.id, service.id);
    if (eligible.length > 0) {
      return eligible.map((staff) => ({ key: staffResourceKey(staff.id), staff }));
    }
    return [{ key: businessResourceKey(business.id), staff: null }];
  }

  /** Non-cancelled bookings of the resources that overlap [from, to), per resource. */
  async loadBookings(
    resources: readonly { key: string }[],
    from: Temporal.Instant,
    to: Temporal.Instant,
    options: { excludeId?: number; em?: EntityManager } = {},
  ): Promise<ResourceBookings[]> {
    const keys = resources.map((r) => r.key);
    const ranges = await this.ledger.overlapping(keys, toDate(from), toDate(to), options);
    return keys.map((key) => ({
      key,
      bookings: ranges
        .filter((r) => r.resourceKey === key)
        .map((r) => ({ start: toInstant(r.start), end: toInstant(r.end) })),
    }));
  }

  /**
   * The day's grid (ignoring bookings) and what is still free, for one service and its resources.
   * `em`: read inside the caller's transaction rather than asking the pool for a second connection.
   */
  async daySchedule(
    business: BusinessEntity,
    service: ServiceEntity,
    date: Temporal.PlainDate,
    resources: readonly { key: string }[],
    em?: EntityManager,
  ): Promise<DaySchedule> {
    const input = {
      date,
      timeZone: business.timeZone,
      weeklyHours: await this.weeklyHours.week(business.id, em),
      serviceDurationMinutes: service.durationMinutes,
      now: this.clock.now(),
    };
    const grid = daySlotGrid(input);
    if (grid.length === 0 || resources.length === 0) return { grid, available: [] };
    const from = grid[0]!.start;
    const to = grid.reduce(
      (max, s) => (Temporal.Instant.compare(s.end, max) > 0 ? s.end : max),
      from,
    );
    const bookings = await this.loadBookings(resources, from, to, { em });
    return { grid, available: availableSlots({ ...input, resources: bookings }) };
  }

  /** The grid slot starting at `start` on its business-local day, or null (not a bookable time). */
  async slotAt(
    business: BusinessEntity,
    service: ServiceEntity,
    start: Temporal.Instant,
    em?: EntityManager,
  ): Promise<GridSlot | null> {
    const day = start.toZonedDateTimeISO(business.timeZone).toPlainDate();
    const { grid } = await this.daySchedule(business, service, day, [], em);
    return grid.find((s) => s.start.equals(start)) ?? null;
  }

  parseDate(input: string, timeZone: string): Temporal.PlainDate {
    try {
      return resolveBusinessDate(input, timeZone);
    } catch {
      throw new ValidationFailedException('date must be YYYY-MM-DD or an ISO timestamp', [
        { path: 'date', message: 'date must be YYYY-MM-DD or an ISO timestamp' },
      ]);
    }
  }

  async listAvailableTimes(
    business: BusinessEntity,
    service: ServiceEntity,
    dateInput: string,
    staffId?: number,
  ): Promise<AvailableTime[]> {
    const date = this.parseDate(dateInput, business.timeZone);
    const resources = await this.resolveResources(business, service, staffId);
    const { available } = await this.daySchedule(business, service, date, resources);
    return available.map((s) => ({ time: s.time, start: toIsoString(s.start) }));
  }
}
