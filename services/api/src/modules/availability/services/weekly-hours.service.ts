import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import { type Availability, type DayHours, defaultWeeklyHours } from '@slotwise/contracts';
import { BusinessService, type OwnedBusinessRef } from '../../business/index.js';
import { summarizeBusinessHours } from '../business-hours-summary.js';
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

/** The `availabilities` table: each business's weekly opening hours, one row per weekday. */
@Injectable()
export class WeeklyHoursService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly businesses: BusinessService,
  ) {}

  /** Every new business starts with the default week (Mon–Fri 09:00–17:00, 30-minute slots). */
  onModuleInit(): void {
    this.businesses.registerCreationStep((em, businessId) => this.createDefaults(em, businessId));
  }

  async createDefaults(em: EntityManager, businessId: number): Promise<void> {
    await em.insert(
      AvailabilityEntity,
      defaultWeeklyHours().map((h) => ({ ...h, businessId })),
    );
  }

  /** The rows a business has, Sunday first (a day without a row is closed). */
  week(businessId: number, em: EntityManager = this.dataSource.manager) {
    return em.find(AvailabilityEntity, { where: { businessId }, order: { dayOfWeek: 'ASC' } });
  }

  /** 'Mon–Fri 9:00 AM – 5:00 PM, …' per business, null when closed all week. */
  async summaries(businessIds: readonly number[]): Promise<Map<number, string | null>> {
    const rows =
      businessIds.length === 0
        ? []
        : await this.dataSource.manager.findBy(AvailabilityEntity, {
            businessId: In([...businessIds]),
          });
    return new Map(
      businessIds.map((id) => [
        id,
        summarizeBusinessHours(rows.filter((r) => r.businessId === id)),
      ]),
    );
  }

  /** Settings → Business Hours: all seven days, Sunday first; a day with no row reads as closed. */
  async get(businessId: number): Promise<Availability[]> {
    const rows = await this.week(businessId);
    return defaultWeeklyHours().map((template) => {
      const row = rows.find((r) => r.dayOfWeek === template.dayOfWeek);
      return toAvailabilityDto(row ?? { ...template, isOpen: false }, businessId);
    });
  }

  /** Replaces the whole week in one transaction; the public available times follow at once. */
  async replace(owned: OwnedBusinessRef, days: DayHours[]): Promise<Availability[]> {
    await this.dataSource.manager.upsert(
      AvailabilityEntity,
      days.map((d) => ({
        businessId: owned.id,
        dayOfWeek: d.dayOfWeek,
        isOpen: d.isOpen,
        openTime: d.openTime,
        closeTime: d.closeTime,
        slotDuration: d.slotDuration,
      })),
      { conflictPaths: ['businessId', 'dayOfWeek'] },
    );
    return this.get(owned.id);
  }
}
