import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import {
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
  ErrorCode,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { ApiKeyEntity, newApiKey } from '../../auth/index.js';

/** Live keys a business may hold at once. */
const MAX_KEYS = 20;

function toDto(k: ApiKeyEntity): ApiKey {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
  };
}

/** The owner's API keys: created (the secret answered once), listed and revoked. */
@Injectable()
export class ApiKeysService {
  constructor(
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(businessId: number): Promise<ApiKey[]> {
    const rows = await this.keys.find({
      where: { businessId, revokedAt: IsNull() },
      order: { id: 'ASC' },
    });
    return rows.map(toDto);
  }

  async create(businessId: number, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    if ((await this.keys.countBy({ businessId, revokedAt: IsNull() })) >= MAX_KEYS) {
      throw new ValidationFailedException(`A business can have at most ${MAX_KEYS} API keys`);
    }
    const { token, prefix, hash } = newApiKey();
    const saved = await this.keys.save(
      this.keys.create({
        businessId,
        name: input.name,
        prefix,
        tokenHash: hash,
        scopes: input.scopes,
      }),
    );
    return { ...toDto(saved), secret: token };
  }

  async revoke(businessId: number, keyId: number): Promise<void> {
    const result = await this.keys.update(
      { id: keyId, businessId, revokedAt: IsNull() },
      { revokedAt: toDate(this.clock.now()) },
    );
    if (!result.affected) throw new DomainException(ErrorCode.NOT_FOUND, 'API key not found');
  }
}
