import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthUser } from '@slotwise/contracts';
import { AUTH_REQUIRED_MESSAGE } from '../auth.constants.js';

/** The signed-in owner (set by JwtAuthGuard), or undefined behind OptionalJwtAuthGuard. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | undefined =>
    context.switchToHttp().getRequest<{ user?: AuthUser }>().user,
);

/** The 401 text of a guarded route, e.g. the spec's business-update message. */
export const AuthRequiredMessage = (message: string) => SetMetadata(AUTH_REQUIRED_MESSAGE, message);
