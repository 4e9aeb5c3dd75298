import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type AuthUser, BUSINESS_HEADER, ErrorCode, routeRequirement } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { API_ROUTE } from '../../../core/http/route.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { DEFAULT_AUTH_REQUIRED_MESSAGE } from '../../auth/index.js';
import {
  OWNER_ACCESS,
  type OwnedRequest,
  type OwnerAccessOptions,
} from '../decorators/owner-access.options.js';
import { OwnedBusinessRef } from '../owned-business.js';
import { businessNotFound, BusinessService } from '../services/business.service.js';
import { MembershipService } from '../services/membership.service.js';

interface GuardedRequest extends OwnedRequest {
  user?: AuthUser;
  /** Set by JwtOrApiKeyGuard when an API key authenticated the request. */
  apiKey?: { businessId: number };
  params?: Record<string, string | undefined>;
  headers?: Record<string, string | string[] | undefined>;
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

/** The business the client chose (the switcher's `X-Slotwise-Business`), when it names one. */
function chosenBusinessId(request: GuardedRequest): number | undefined {
  const value = request.headers?.[BUSINESS_HEADER];
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : undefined;
  return id !== undefined && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * Who may do what to which business is decided here and nowhere else (decision 015): the caller
 * comes from the access token, their membership (role) is read on every request, so a removed
 * member or a changed role counts at once, and the route's required permission comes from the
 * contracts' table (`ROUTE_PERMISSIONS`, by route key). A request naming a business the caller is
 * not a member of is answered as if it did not exist; a member whose role lacks the permission
 * gets 403. A route the table does not name is refused.
 */
@Injectable()
export class OwnedBusinessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly businesses: BusinessService,
    private readonly memberships: MembershipService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options =
      this.reflector.getAllAndOverride<OwnerAccessOptions | undefined>(OWNER_ACCESS, [
        context.getHandler(),
        context.getClass(),
      ]) ?? {};
    const key = this.reflector.get<{ key: string } | undefined>(
      API_ROUTE,
      context.getHandler(),
    )?.key;
    const required = key ? routeRequirement(key) : undefined;
    if (!required || required === 'public' || required === 'signed-in') {
      // Fail closed: an owner route must name the permission it needs.
      throw new DomainException(
        ErrorCode.FORBIDDEN,
        `${key ?? 'This route'} declares no permission in the contracts' table`,
      );
    }
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
    // An API key acts for its own business only, whatever else its owner is a member of.
    const keyBusiness = request.apiKey?.businessId;
    if (keyBusiness !== undefined && claimed !== undefined && claimed !== keyBusiness) {
      throw businessNotFound();
    }
    // A signed-in visitor of someone else's public page must not get a business made for them.
    const resolved = await this.memberships.resolve(
      user.id,
      claimed ?? keyBusiness ?? chosenBusinessId(request),
      !options.optional,
    );
    if (!resolved || (claimed !== undefined && claimed !== resolved.business.id)) {
      if (options.optional) return true;
      throw businessNotFound();
    }
    const owned = new OwnedBusinessRef(resolved.business, this.businesses, resolved.member, {
      kind: 'user',
      userId: user.id,
      name: user.email,
    });
    if (!owned.can(required)) {
      // The public view for a member whose role does not reach the member's view.
      if (options.optional) return true;
      throw new DomainException(ErrorCode.FORBIDDEN, 'Your role does not allow this');
    }
    request.ownedBusiness = owned;
    return true;
  }
}
