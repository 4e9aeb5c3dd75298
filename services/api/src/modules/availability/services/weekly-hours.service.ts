import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Availability, type DayHours, defaultWeeklyHours } from '@slotwise/contracts';
import { BusinessService } from '../../business/services/business.service.js';
import { AvailabilityEntity } from '../entities/availability.entity.js';

function toAvailabilityDto(
  row: Omit<Availability, 'businessId'>,
  businessId: number,
): Availability {
  return {
    businessId,
    dayOfWeek: row.dayOfWeek,
    isOpen: row.isOpen,
    openTime: row.openTime,
    closeTime: row.closeTime,
    slotDuration: row.slotDuration,
  };
}

/** Settings → Business Hours (decision 4): seven real rows per business. */
@Injectable()
export class WeeklyHoursService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly businessService: BusinessService,
  ) {}

  /** All seven days, Sunday first; a day with no row reads as closed with the default times. */
  async get(businessId: number, userId: string): Promise<Availability[]> {
    const business = await this.businessService.findOwnedOrThrow(businessId, userId);
    const rows = await this.businessService.weeklyHours(business.id);
    return defaultWeeklyHours().map((template) => {
      const row = rows.find((r) => r.dayOfWeek === template.dayOfWeek);
      return toAvailabilityDto(row ?? { ...template, isOpen: false }, business.id);
    });
  }

  /** Replaces the whole week in one transaction; the public available times follow at once. */
  async replace(businessId: number, userId: string, days: DayHours[]): Promise<Availability[]> {
    await this.dataSource.transaction(async (em) => {
      const business = await this.businessService.findOwnedOrThrow(businessId, userId, em);
      await em.upsert(
        AvailabilityEntity,
        days.map((d) => ({
          businessId: business.id,
          dayOfWeek: d.dayOfWeek,
          isOpen: d.isOpen,
          openTime: d.openTime,
          closeTime: d.closeTime,
          slotDuration: d.slotDuration,
        })),
        { conflictPaths: ['businessId', 'dayOfWeek'] },
      );
    });
    return this.get(businessId, userId);
  }
}
