import { randomBytes } from 'node:crypto';
import { Logger, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config.js';
import { AppThrottlerModule } from '../../core/throttling/throttling.module.js';
import { OutboxModule } from '../outbox/index.js';
import { JWT_SIGNING_KEY } from './auth.constants.js';
import { AuthController } from './controllers/auth.controller.js';
import { GoogleAuthController } from './controllers/google-auth.controller.js';
import { EmailVerificationTokenEntity } from './entities/email-verification-token.entity.js';
import { PasswordResetTokenEntity } from './entities/password-reset-token.entity.js';
import { RefreshTokenEntity } from './entities/refresh-token.entity.js';
import { ApiKeyEntity } from './entities/api-key.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { AuthThrottlerGuard } from './guards/auth-throttler.guard.js';
import { JwtAuthGuard, OptionalJwtAuthGuard } from './guards/jwt-auth.guard.js';
import { JwtOrApiKeyGuard } from './guards/jwt-or-api-key.guard.js';
import { ApiKeyAuthService } from './services/api-key-auth.service.js';
import { AccountLinksService } from './services/account-links.service.js';
import { AuthService } from './services/auth.service.js';
import { GoogleJoinProofs } from './services/google-join-proofs.service.js';
import { GoogleOidcService } from './services/google-oidc.service.js';
import { InvitedAccounts } from './services/invited-accounts.service.js';
import { PasswordHasher } from './services/password-hasher.service.js';
import { PasswordService } from './services/password.service.js';
import { SessionService } from './services/session.service.js';
import { JwtStrategy } from './strategies/jwt.strategy.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      UserEntity,
      EmailVerificationTokenEntity,
      RefreshTokenEntity,
      PasswordResetTokenEntity,
      ApiKeyEntity,
    ]),
    PassportModule,
    // Keys are passed per call (JWT_SIGNING_KEY), so the module itself needs no options.
    JwtModule.register({}),
    AppThrottlerModule,
    OutboxModule,
  ],
  controllers: [AuthController, GoogleAuthController],
  providers: [
    {
      provide: JWT_SIGNING_KEY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (config.JWT_SECRET) return config.JWT_SECRET;
        // loadConfig refuses production without JWT_SECRET; elsewhere sessions end on restart.
        new Logger('AuthModule').warn(
          'JWT_SECRET is not set: using a random key, so sign-ins end when the API restarts',
        );
        return randomBytes(32).toString('hex');
      },
    },
    AuthService,
    AccountLinksService,
    SessionService,
    GoogleOidcService,
    GoogleJoinProofs,
    PasswordHasher,
    PasswordService,
    InvitedAccounts,
    JwtStrategy,
    JwtAuthGuard,
    OptionalJwtAuthGuard,
    AuthThrottlerGuard,
    ApiKeyAuthService,
    JwtOrApiKeyGuard,
  ],
  // JwtOrApiKeyGuard: @OwnerAccess() routes take an owner's token or an API key. Guards are made
  // in the module of the route using them: what it needs (the key lookup, the rate limiter) is
  // exported with it.
  exports: [
    JwtAuthGuard,
    OptionalJwtAuthGuard,
    JwtOrApiKeyGuard,
    ApiKeyAuthService,
    AppThrottlerModule,
    SessionService,
    InvitedAccounts,
    GoogleJoinProofs,
  ],
})
export class AuthModule {}
