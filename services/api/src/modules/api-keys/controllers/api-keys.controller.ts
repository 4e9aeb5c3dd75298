import { Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  type ApiKey,
  apiRoutes,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { ApiKeysService } from '../services/api-keys.service.js';

const OWN_BUSINESS = { businessId: { param: 'id' } } as const;

/** Settings → Integrations: the owner's API keys (keys cannot manage keys: no apiKeyScope). */
@Controller()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Route(apiRoutes.apiKeys.list)
  @OwnerAccess(OWN_BUSINESS)
  list(@OwnedBusiness() owned: OwnedBusinessRef): Promise<ApiKey[]> {
    return this.keys.list(owned.id);
  }

  @Route(apiRoutes.apiKeys.create)
  @OwnerAccess(OWN_BUSINESS)
  create(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(apiRoutes.apiKeys.create) body: CreateApiKeyInput,
  ): Promise<CreatedApiKey> {
    return this.keys.create(owned.id, body);
  }

  @Route(apiRoutes.apiKeys.revoke)
  @HttpCode(HttpStatus.NO_CONTENT)
  @OwnerAccess(OWN_BUSINESS)
  revoke(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('keyId', idPipe('keyId')) keyId: number,
  ): Promise<void> {
    return this.keys.revoke(owned.id, keyId);
  }
}
