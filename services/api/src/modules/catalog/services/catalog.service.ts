import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, IsNull, Not } from 'typeorm';
import {
  type CreateServiceRequestSchema,
  ErrorCode,
  ErrorMessages,
  type PausedItem,
  PLANS,
  type Service,
  serviceLimitMessage,
  type UpdateServiceRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { BusinessCache, frozenRows, type ReadFrom } from '../../../core/cache/business-cache.js';
import type { BookingConstraint } from '../../../core/database/booking-constraint.js';
import { deleteOrArchive } from '../../../core/database/archiving.js';
import { pauseBeyond, restorePaused } from '../../../core/database/plan-pausing.js';
import { rowsById } from '../../../core/database/rows-by-id.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { ActivityLog } from '../../activity/index.js';
import { DiaryReads } from '../../bookings/index.js';
import type { BusinessEntity, OwnedBusinessRef } from '../../business/index.js';
import { ServiceEntity } from '../entities/service.entity.js';

export type CreateServiceInput = z.output<typeof CreateServiceRequestSchema>;
export type UpdateServiceInput = z.output<typeof UpdateServiceRequestSchema>;

export const serviceNotFound = () =>
  new DomainException(ErrorCode.SERVICE_NOT_FOUND, ErrorMessages.serviceNotFound);

export function toServiceDto(service: ServiceEntity): Service {
  return {
    id: service.id,
    businessId: service.businessId,
    name: service.name,
    description: service.description,
    price: service.priceCents,
    duration: service.durationMinutes,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    isActive: service.isActive,
  };
}

/** What a booking reads of its service, and what of it no booking depends on. */
const SERVICE_AS_READ_COVERAGE = {
  services: {
    checked: [
      'id',
      'business_id',
      'is_active',
      'deleted_at',
      'duration_minutes',
      'buffer_before_minutes',
      'buffer_after_minutes',
      'price_cents',
      'name',
    ],
    // A plan's pause also makes the service inactive.
    ignored: ['description', 'created_at', 'updated_at', 'plan_paused_at'],
  },
};

const BY_NAME = { name: 'ASC', id: 'ASC' } as const;

/** The `services` table: what a business offers, its prices and durations. */
@Injectable()
export class CatalogService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: DiaryReads,
    private readonly cache: BusinessCache,
    private readonly activity: ActivityLog,
  ) {}

  /** The service's change in Settings → Activity, in the change's transaction. */
  private logged(
    em: EntityManager,
    owned: OwnedBusinessRef,
    service: Pick<ServiceEntity, 'id' | 'name'>,
    action: 'created' | 'updated' | 'deleted',
  ) {
    return this.activity.otherChanged(
      {
        businessId: owned.id,
        subject: 'service',
        subjectId: service.id,
        action,
        summary: `Service ${service.name} ${action}`,
        actor: owned.actor,
      },
      em,
    );
  }

  /**
   * The business's services (not archived, inactive included, by name), frozen. With `cached`, as
   * this process's cache has them: shared by every request, dropped when the business changes
   * (core/cache); public bookings check what they read (`bookableAsRead`).
   */
  services(businessId: number, from: ReadFrom = {}): Promise<readonly ServiceEntity[]> {
    return this.cache.read(businessId, 'catalog:services', from, async (em) =>
      frozenRows(
        await (em ?? this.dataSource.manager).find(ServiceEntity, {
          where: { businessId },
          order: BY_NAME,
        }),
      ),
    );
  }

  /** The public list (active services); the owner's view (`listAll`) shows the inactive too. */
  async listActive(businessId: number, from: ReadFrom = {}): Promise<Service[]> {
    const services = await this.services(businessId, from);
    return services.filter((s) => s.isActive).map(toServiceDto);
  }

  /** The owner's view: every service that is not archived, inactive ones included. */
  async listAll(businessId: number): Promise<Service[]> {
    return (await this.services(businessId)).map(toServiceDto);
  }

  /** A bookable service of this business; another business's or an inactive one is "not found". */
  async findActiveOrThrow(
    businessId: number,
    serviceId: number,
    from: ReadFrom = {},
  ): Promise<Readonly<ServiceEntity>> {
    const service = from.cached
      ? (await this.services(businessId, from)).find((s) => s.id === serviceId && s.isActive)
      : await (from.em ?? this.dataSource.manager).findOneBy(ServiceEntity, {
          id: serviceId,
          businessId,
          isActive: true,
        });
    if (!service) throw serviceNotFound();
    return service;
  }

  /**
   * For a public booking written in one statement on the strength of `service` as read earlier
   * (from the cache): a condition that holds while it is still an active service of its business,
   * of the same length, buffers, price and name. Checked when the statement runs, so an old copy
   * cannot let a booking through that the table would refuse.
   */
  bookableAsRead(service: Readonly<ServiceEntity>): BookingConstraint {
    return {
      name: 'service as read',
      covers: SERVICE_AS_READ_COVERAGE,
      sql: (p) => `EXISTS (SELECT 1 FROM services
                     WHERE id = ${p.add(service.id)} AND business_id = ${p.add(service.businessId)}
                       AND is_active AND deleted_at IS NULL
                       AND duration_minutes = ${p.add(service.durationMinutes)}
                       AND buffer_before_minutes = ${p.add(service.bufferBeforeMinutes)}
                       AND buffer_after_minutes = ${p.add(service.bufferAfterMinutes)}
                       AND price_cents = ${p.add(service.priceCents)}
                       AND name = ${p.add(service.name)})`,
    };
  }

  /** Any service by id, archived ones included (history and messages keep their names). */
  findById(id: number, em: EntityManager = this.dataSource.manager): Promise<ServiceEntity> {
    return em.findOneOrFail(ServiceEntity, { where: { id }, withDeleted: true });
  }

  byIds(ids: readonly number[]): Promise<Map<number, ServiceEntity>> {
    return rowsById(this.dataSource.manager, ServiceEntity, ids);
  }

  /** Services (archived ones included) whose name contains `text`, ignoring case, literally. */
  async idsMatching(businessId: number, text: string): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM services WHERE business_id = $1 AND strpos(lower(name), $2) > 0`,
      [businessId, text.toLowerCase()],
    );
    return rows.map((r) => r.id);
  }

  /** Which of `businessIds` offer at least one active service (the directory lists only those). */
  async businessesWithActiveService(businessIds: readonly number[]): Promise<Set<number>> {
    if (businessIds.length === 0) return new Set();
    const rows: { businessId: number }[] = await this.dataSource.manager
      .createQueryBuilder(ServiceEntity, 's')
      .select('DISTINCT s.business_id', 'businessId')
      .where('s.business_id IN (:...ids)', { ids: [...businessIds] })
      .andWhere('s.is_active')
      .andWhere('s.deleted_at IS NULL')
      .getRawMany();
    return new Set(rows.map((r) => Number(r.businessId)));
  }

  /**
   * Which of `ids` are this business's services, not archived. Staff
   * use it to check and to show the services a person offers.
   */
  async ownIds(
    businessId: number,
    ids: readonly number[] | 'all',
    options: { em?: EntityManager } = {},
  ): Promise<Set<number>> {
    if (ids !== 'all' && ids.length === 0) return new Set();
    const rows = await (options.em ?? this.dataSource.manager).find(ServiceEntity, {
      select: { id: true },
      where: {
        businessId,
        ...(ids === 'all' ? {} : { id: In([...ids]) }),
      },
    });
    return new Set(rows.map((s) => s.id));
  }

  async create(owned: OwnedBusinessRef, input: CreateServiceInput): Promise<Service> {
    return this.dataSource.transaction(async (em) => {
      const business = await owned.lock(em);
      if (input.isActive) await this.assertActiveServiceRoom(em, business);
      const saved = await em.save(
        em.create(ServiceEntity, {
          businessId: business.id,
          name: input.name,
          description: input.description,
          priceCents: input.price,
          durationMinutes: input.duration,
          bufferBeforeMinutes: input.bufferBeforeMinutes,
          bufferAfterMinutes: input.bufferAfterMinutes,
          isActive: input.isActive,
        }),
      );
      await this.logged(em, owned, saved, 'created');
      return toServiceDto(saved);
    });
  }

  async update(
    owned: OwnedBusinessRef,
    serviceId: number,
    input: UpdateServiceInput,
  ): Promise<Service> {
    return this.dataSource.transaction(async (em) => {
      const business = await owned.lock(em);
      const service = await this.findOwned(em, business.id, serviceId);
      if (input.isActive === true && !service.isActive) {
        await this.assertActiveServiceRoom(em, business);
      }
      const changes: Partial<ServiceEntity> = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.price !== undefined ? { priceCents: input.price } : {}),
        ...(input.duration !== undefined ? { durationMinutes: input.duration } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        ...(input.bufferBeforeMinutes !== undefined
          ? { bufferBeforeMinutes: input.bufferBeforeMinutes }
          : {}),
        ...(input.bufferAfterMinutes !== undefined
          ? { bufferAfterMinutes: input.bufferAfterMinutes }
          : {}),
      };
      if (Object.keys(changes).length > 0) {
        await em.update(ServiceEntity, { id: service.id }, changes);
      }
      const updated = await em.findOneByOrFail(ServiceEntity, { id: service.id });
      await this.logged(em, owned, updated, 'updated');
      return toServiceDto(updated);
    });
  }

  /** Deleted, or archived when appointments point at it; either way it is gone from every list. */
  async remove(owned: OwnedBusinessRef, serviceId: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const service = await this.findOwned(em, owned.id, serviceId);
      const referenced = await this.ledger.isReferenced(em, { serviceId: service.id });
      await deleteOrArchive(em, ServiceEntity, service.id, referenced);
      await this.logged(em, owned, service, 'deleted');
    });
  }

  private async findOwned(em: EntityManager, businessId: number, serviceId: number) {
    const service = await em.findOneBy(ServiceEntity, { id: serviceId, businessId });
    if (!service) throw serviceNotFound();
    return service;
  }

  /** The plan's active-services limit, checked with the business row locked. */
  private async assertActiveServiceRoom(em: EntityManager, business: BusinessEntity) {
    const max = PLANS[business.subscriptionPlan].maxActiveServices;
    if (max === null) return;
    const active = await em.countBy(ServiceEntity, { businessId: business.id, isActive: true });
    if (active >= max) {
      throw new DomainException(
        ErrorCode.PLAN_LIMIT_REACHED,
        serviceLimitMessage(business.subscriptionPlan),
      );
    }
  }

  /** A lapse to a smaller plan: the services beyond `keep` are paused (see plan-pausing.ts). */
  pauseBeyond(em: EntityManager, businessId: number, keep: number | null): Promise<void> {
    return pauseBeyond(em, 'services', businessId, keep);
  }

  /** Back on a larger plan: paused services return, oldest first, up to `max`. */
  restorePaused(em: EntityManager, businessId: number, max: number | null): Promise<void> {
    return restorePaused(em, 'services', businessId, max);
  }

  /** The services a plan lapse paused, for the owner to see. */
  async paused(em: EntityManager, businessId: number): Promise<PausedItem[]> {
    const rows = await em.find(ServiceEntity, {
      select: { id: true, name: true },
      where: { businessId, planPausedAt: Not(IsNull()), isActive: false },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((s) => ({ id: s.id, name: s.name }));
  }
}
