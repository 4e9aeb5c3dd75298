import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  API_KEY_PREFIX,
  type ApiRoute,
  type AuthUser,
  ErrorCode,
  ROUTE_SPECS,
} from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { API_ROUTE } from '../../../core/http/route.decorator.js';
import { RateLimitService } from '../../../core/throttling/rate-limit.service.js';
import { throwRateLimited } from '../../../core/throttling/rate-limited.js';
import { type ApiKeyCaller, ApiKeyAuthService } from '../services/api-key-auth.service.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';

/** A request a key authenticated: `apiKey` names the key, its business and scopes. */
export interface ApiKeyRequest {
  headers: Record<string, string | string[] | undefined>;
  user?: AuthUser;
  apiKey?: ApiKeyCaller;
}

/**
 * The owner routes' authentication: an owner's access token (JwtAuthGuard, unchanged), or an API
 * key (`Bearer swk_…`) on the routes whose contracts spec names an `apiKeyScope` the key has.
 * A key stands for its business's current owner (`request.user`: the owner membership, so a
 * hand-over moves the key to the new owner's rights), and the membership guard that runs next
 * limits it to that business; `request.apiKey` says a key was used (and which). Each key has
 * its own rate limit (API_KEY_RATE_LIMIT per minute).
 */
@Injectable()
export class JwtOrApiKeyGuard implements CanActivate {
  constructor(
    private readonly jwt: JwtAuthGuard,
    private readonly keys: ApiKeyAuthService,
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ApiKeyRequest>();
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    if (!token?.startsWith(API_KEY_PREFIX)) {
      return (await this.jwt.canActivate(context)) as boolean;
    }
    const key = await this.keys.authenticate(token);
    if (!key) {
      throw new DomainException(ErrorCode.UNAUTHORIZED, 'This API key is not valid or was revoked');
    }
    const route = this.reflector.get<ApiRoute<unknown, unknown, unknown> | undefined>(
      API_ROUTE,
      context.getHandler(),
    );
    const scope = route ? ROUTE_SPECS.get(route.key)?.spec.apiKeyScope : undefined;
    if (!scope) {
      throw new DomainException(
        ErrorCode.FORBIDDEN,
        'API keys cannot call this route; sign in to the dashboard instead',
      );
    }
    if (!key.scopes.includes(scope)) {
      throw new DomainException(ErrorCode.FORBIDDEN, `This API key lacks the ${scope} scope`);
    }
    const retryAfter = await this.limits.hit(
      { name: 'api-key', points: this.config.API_KEY_RATE_LIMIT, durationSec: 60 },
      String(key.keyId),
    );
    if (retryAfter !== null) {
      throwRateLimited(context, retryAfter, 'Too many requests with this API key; try again soon');
    }
    request.user = { id: key.ownerUserId, email: key.ownerEmail };
    request.apiKey = key;
    return true;
  }
}
