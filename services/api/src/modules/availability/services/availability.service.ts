import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Temporal } from 'temporal-polyfill';
import { type AvailableTime, ErrorCode } from '@slotwise/contracts';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { BusinessEntity } from '../../business/entities/business.entity.js';
import { BusinessService } from '../../business/services/business.service.js';
import { ServiceEntity } from '../../catalog/entities/service.entity.js';
import { StaffMemberEntity } from '../../staff/entities/staff-member.entity.js';
import { offers, StaffService } from '../../staff/services/staff.service.js';
import {
  type AvailableSlot,
  availableSlots,
  daySlotGrid,
  type GridSlot,
  type ResourceBookings,
  resolveBusinessDate,
  toIsoString,
} from '../slot-engine.js';

/** Something that can be booked: a staff member, or the business itself (decision 7). */
export interface BookingResource {
  key: string;
  staff: StaffMemberEntity | null;
}

export const staffResourceKey = (staffId: number) => `staff:${staffId}`;
export const businessResourceKey = (businessId: number) => `business:${businessId}`;

export interface DaySchedule {
  grid: GridSlot[];
  available: AvailableSlot[];
}

@Injectable()
export class AvailabilityService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly businessService: BusinessService,
    private readonly staffService: StaffService,
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

  /** Non-cancelled bookings of the resources that overlap [from, to). */
  async loadBookings(
    resources: readonly BookingResource[],
    from: Temporal.Instant,
    to: Temporal.Instant,
  ): Promise<ResourceBookings[]> {
    const rows: { resource_key: string; starts_at: Date; ends_at: Date }[] =
      await this.dataSource.query(
        `SELECT resource_key, starts_at, ends_at
           FROM appointments
          WHERE resource_key = ANY($1::text[])
            AND status <> 'cancelled'
            AND tstzrange(starts_at, ends_at, '[)') && tstzrange($2, $3, '[)')`,
        [resources.map((r) => r.key), toIsoString(from), toIsoString(to)],
      );
    return resources.map((r) => ({
      key: r.key,
      bookings: rows
        .filter((row) => row.resource_key === r.key)
        .map((row) => ({
          start: Temporal.Instant.fromEpochMilliseconds(row.starts_at.getTime()),
          end: Temporal.Instant.fromEpochMilliseconds(row.ends_at.getTime()),
        })),
    }));
  }

  /** The day's grid (ignoring bookings) and what is still free, for one service and its resources. */
  async daySchedule(
    business: BusinessEntity,
    service: ServiceEntity,
    date: Temporal.PlainDate,
    resources: readonly BookingResource[],
  ): Promise<DaySchedule> {
    const weeklyHours = await this.businessService.weeklyHours(business.id);
    const input = {
      date,
      timeZone: business.timeZone,
      weeklyHours,
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
    const bookings = await this.loadBookings(resources, from, to);
    return { grid, available: availableSlots({ ...input, resources: bookings }) };
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

  now(): Temporal.Instant {
    return this.clock.now();
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
