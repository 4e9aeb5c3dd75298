import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type AuthUser, ErrorCode } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { DEFAULT_AUTH_REQUIRED_MESSAGE } from '../../auth/index.js';
import {
  OWNER_ACCESS,
  type OwnedRequest,
  type OwnerAccessOptions,
} from '../decorators/owner-access.options.js';
import { OwnedBusinessRef } from '../owned-business.js';
import { businessNotFound, BusinessService } from '../services/business.service.js';

interface GuardedRequest extends OwnedRequest {
  user?: AuthUser;
  params?: Record<string, string | undefined>;
  body?: unknown;
}

/**
 * The business id a request names, validated like a path id (400 for 'abc'); undefined when the
 * route names none, or when a body's id is malformed (the body's own validation answers that).
 */
function claimedBusinessId(
  request: GuardedRequest,
  from: OwnerAccessOptions['businessId'],
): number | undefined {
  if (!from) return undefined;
  if ('param' in from) return idPipe(from.param).transform(request.params?.[from.param]);
  const value = (request.body as Record<string, unknown> | null | undefined)?.[from.body];
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Ownership of a business is decided here and nowhere else: the caller's business comes from the
 * access token (one business per owner, created on first use), never from what the request says,
 * and a request that names another business's id is answered as if it did not exist.
 */
@Injectable()
export class OwnedBusinessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly businesses: BusinessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options =
      this.reflector.getAllAndOverride<OwnerAccessOptions | undefined>(OWNER_ACCESS, [
        context.getHandler(),
        context.getClass(),
      ]) ?? {};
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const user = request.user;
    if (!user) {
      // Only optional routes get here without a user: JwtAuthGuard has answered 401 otherwise.
      if (options.optional) return true;
      throw new DomainException(ErrorCode.UNAUTHORIZED, DEFAULT_AUTH_REQUIRED_MESSAGE);
    }
    if (options.userParam && request.params?.[options.userParam] !== user.id) {
      throw new DomainException(ErrorCode.FORBIDDEN, 'You can only open your own business');
    }
    const claimed = claimedBusinessId(request, options.businessId);
    // A signed-in visitor of someone else's public page must not get a business made for them.
    const business = options.optional
      ? await this.businesses.findByOwner(user.id)
      : await this.businesses.loadOrCreateForOwner(user.id);
    if (!business || (claimed !== undefined && claimed !== business.id)) {
      if (options.optional) return true;
      throw businessNotFound();
    }
    request.ownedBusiness = new OwnedBusinessRef(business, this.businesses, {
      kind: 'user',
      userId: user.id,
      name: user.email,
    });
    return true;
  }
}
