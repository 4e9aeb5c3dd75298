import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ErrorCode } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { AUTH_REQUIRED_MESSAGE, DEFAULT_AUTH_REQUIRED_MESSAGE } from '../auth.constants.js';

/** Requires a valid Bearer access token; 401 in our error shape otherwise. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override handleRequest<TUser>(
    err: unknown,
    user: TUser | false,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    // An error (not a refused token) is a fault, such as the database being down: a 401 would
    // make the client refresh and sign the owner out. It goes to the global mapping instead.
    if (err) throw err;
    if (!user) {
      const message =
        this.reflector.getAllAndOverride<string | undefined>(AUTH_REQUIRED_MESSAGE, [
          context.getHandler(),
          context.getClass(),
        ]) ?? DEFAULT_AUTH_REQUIRED_MESSAGE;
      throw new DomainException(ErrorCode.UNAUTHORIZED, message);
    }
    return user;
  }
}

/**
 * Public routes with an owner view: no Authorization header → anonymous (request.user unset); a
 * header with a bad or expired token → 401, so the client refreshes instead of silently seeing
 * the public view.
 */
@Injectable()
export class OptionalJwtAuthGuard extends JwtAuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    if (!request.headers.authorization) return true;
    return (await super.canActivate(context)) as boolean;
  }
}
