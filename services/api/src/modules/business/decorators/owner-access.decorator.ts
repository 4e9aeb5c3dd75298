import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { JwtOrApiKeyGuard, OptionalJwtAuthGuard } from '../../auth/index.js';
import { OwnedBusinessGuard } from '../guards/owned-business.guard.js';
import {
  OWNER_ACCESS,
  type OwnedRequest,
  type OwnerAccessOptions,
} from './owner-access.options.js';

/**
 * The one declaration of who may call an owner route: a valid access token, and the business it
 * names (if any) is the caller's. Handlers read the business with `@OwnedBusiness()`.
 */
export function OwnerAccess(options: OwnerAccessOptions = {}) {
  return applyDecorators(
    SetMetadata(OWNER_ACCESS, options),
    // JwtOrApiKeyGuard: the owner's token, or an API key on routes whose spec has `apiKeyScope`.
    UseGuards(options.optional ? OptionalJwtAuthGuard : JwtOrApiKeyGuard, OwnedBusinessGuard),
  );
}

/**
 * The caller's business, as OwnedBusinessGuard resolved it. `@OwnedBusiness({ optional: true })`
 * on public routes with an owner view: undefined for visitors and other owners.
 */
export const OwnedBusiness = createParamDecorator(
  (options: { optional?: boolean } | undefined, context: ExecutionContext) => {
    const owned = context.switchToHttp().getRequest<OwnedRequest>().ownedBusiness;
    if (!owned && !options?.optional) {
      throw new Error('@OwnedBusiness() needs @OwnerAccess() on the route');
    }
    return owned;
  },
);
