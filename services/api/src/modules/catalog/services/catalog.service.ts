import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorCode, ErrorMessages, type Service } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { ServiceEntity } from '../entities/service.entity.js';

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
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
  ) {}

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
    if (!service)
      throw new DomainException(ErrorCode.SERVICE_NOT_FOUND, ErrorMessages.serviceNotFound);
    return service;
  }
}
