import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import {
  type CreateServiceRequestSchema,
  ErrorCode,
  ErrorMessages,
  PLANS,
  type Service,
  serviceLimitMessage,
  type UpdateServiceRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { BusinessEntity } from '../../business/entities/business.entity.js';
import { BusinessService } from '../../business/services/business.service.js';
import { ServiceEntity } from '../entities/service.entity.js';

export type CreateServiceInput = z.output<typeof CreateServiceRequestSchema>;
export type UpdateServiceInput = z.output<typeof UpdateServiceRequestSchema>;

const serviceNotFound = () =>
  new DomainException(ErrorCode.SERVICE_NOT_FOUND, ErrorMessages.serviceNotFound);

/** True when appointments point at the row: it is archived instead of deleted (history stays). */
export async function hasAppointments(
  em: EntityManager,
  column: 'service_id' | 'staff_id',
  id: number,
): Promise<boolean> {
  const rows: unknown[] = await em.query(
    `SELECT 1 FROM appointments WHERE ${column} = $1 LIMIT 1`,
    [id],
  );
  return rows.length > 0;
}

export function toServiceDto(service: ServiceEntity): Service {
  return {
    id: service.id,
    businessId: service.businessId,
    name: service.name,
    description: service.description,
    price: service.priceCents,
    duration: service.durationMinutes,
    isActive: service.isActive,
  };
}

@Injectable()
export class CatalogService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
    private readonly businessService: BusinessService,
  ) {}

  /** The owner's view: every service that is not archived, inactive ones included. */
  async listAll(businessId: number): Promise<Service[]> {
    const rows = await this.services.find({
      where: { businessId },
      order: { name: 'ASC', id: 'ASC' },
    });
    return rows.map(toServiceDto);
  }

  async create(userId: string, input: CreateServiceInput): Promise<Service> {
    return this.dataSource.transaction(async (em) => {
      const business = await this.businessService.findOwnedOrThrow(input.businessId, userId, em);
      if (input.isActive) await this.assertActiveServiceRoom(em, business);
      const saved = await em.save(
        em.create(ServiceEntity, {
          businessId: business.id,
          name: input.name,
          description: input.description,
          priceCents: input.price,
          durationMinutes: input.duration,
          isActive: input.isActive,
        }),
      );
      return toServiceDto(saved);
    });
  }

  async update(userId: string, serviceId: number, input: UpdateServiceInput): Promise<Service> {
    return this.dataSource.transaction(async (em) => {
      const { service, business } = await this.findOwned(em, serviceId, userId);
      if (input.isActive === true && !service.isActive) {
        await this.assertActiveServiceRoom(em, business);
      }
      const changes: Partial<ServiceEntity> = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.price !== undefined ? { priceCents: input.price } : {}),
        ...(input.duration !== undefined ? { durationMinutes: input.duration } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      };
      if (Object.keys(changes).length > 0) {
        await em.update(ServiceEntity, { id: service.id }, changes);
      }
      return toServiceDto(await em.findOneByOrFail(ServiceEntity, { id: service.id }));
    });
  }

  /** Deleted, or archived when appointments point at it; either way it is gone from every list. */
  async remove(userId: string, serviceId: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const { service } = await this.findOwned(em, serviceId, userId);
      if (await hasAppointments(em, 'service_id', service.id)) {
        await em.update(ServiceEntity, { id: service.id }, { isActive: false });
        await em.softDelete(ServiceEntity, { id: service.id });
      } else {
        await em.delete(ServiceEntity, { id: service.id });
      }
    });
  }

  /** A service of a business the user owns (the business row locked); anything else is 404. */
  private async findOwned(
    em: EntityManager,
    serviceId: number,
    userId: string,
  ): Promise<{ service: ServiceEntity; business: BusinessEntity }> {
    const service = await em.findOneBy(ServiceEntity, { id: serviceId });
    if (!service) throw serviceNotFound();
    const business = await this.businessService
      .findOwnedOrThrow(service.businessId, userId, em)
      .catch(() => {
        throw serviceNotFound();
      });
    return { service, business };
  }

  /** Decision 15: the plan's active-services limit, checked with the business row locked. */
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

  /** What the public booking page may offer: active services only. */
  async listActive(businessId: number): Promise<Service[]> {
    const rows = await this.services.find({
      where: { businessId, isActive: true },
      order: { name: 'ASC', id: 'ASC' },
    });
    return rows.map(toServiceDto);
  }

  /** A bookable service of this business; another business's or an inactive one is "not found". */
  async findActiveOrThrow(businessId: number, serviceId: number): Promise<ServiceEntity> {
    const service = await this.services.findOneBy({ id: serviceId, businessId, isActive: true });
    if (!service) throw serviceNotFound();
    return service;
  }
}
