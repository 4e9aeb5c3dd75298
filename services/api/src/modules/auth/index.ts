// What other modules may use of the auth module (accounts, sessions, Google sign-in).
export { AuthModule } from './auth.module.js';
export { AuthRequiredMessage, CurrentUser } from './decorators/current-user.decorator.js';
export { JwtAuthGuard, OptionalJwtAuthGuard } from './guards/jwt-auth.guard.js';
export { DEFAULT_AUTH_REQUIRED_MESSAGE } from './auth.constants.js';
export { UserEntity } from './entities/user.entity.js';
export { EmailVerificationTokenEntity } from './entities/email-verification-token.entity.js';
export { RefreshTokenEntity } from './entities/refresh-token.entity.js';
export { PasswordResetTokenEntity } from './entities/password-reset-token.entity.js';
export {
  type IssuedSession,
  SessionService,
  type SessionUser,
} from './services/session.service.js';
export { InvitedAccounts } from './services/invited-accounts.service.js';
export { GOOGLE_JOIN_COOKIE, GoogleJoinProofs } from './services/google-join-proofs.service.js';
export { answerSession } from './services/session-cookie.js';
export { AuthThrottlerGuard } from './guards/auth-throttler.guard.js';
export { ApiKeyEntity } from './entities/api-key.entity.js';
export { JwtOrApiKeyGuard, type ApiKeyRequest } from './guards/jwt-or-api-key.guard.js';
export { type ApiKeyCaller, hashApiKey, newApiKey } from './services/api-key-auth.service.js';
