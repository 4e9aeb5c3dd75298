import {
  applyDecorators,
  Controller,
  Header,
  HttpCode,
  HttpStatus,
  Inject,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  type ApiRoute,
  apiRoutes,
  AuthMessages,
  type AuthUser,
  ChangePasswordRequestSchema,
  ErrorCode,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  type MeResponse,
  type MessageResponse,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  type SessionResponse,
  VerifyEmailRequestSchema,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_TTL_DAYS } from '../auth.constants.js';
import { CurrentUser } from '../decorators/current-user.decorator.js';
import { AuthThrottlerGuard } from '../guards/auth-throttler.guard.js';
import { JwtAuthGuard } from '../guards/jwt-auth.guard.js';
import { AuthService } from '../services/auth.service.js';
import { refusingCommonPasswords } from '../services/common-passwords.js';
import { PasswordService } from '../services/password.service.js';
import {
  type IssuedSession,
  SessionService,
  type SessionUser,
} from '../services/session.service.js';

type Credentials = z.output<typeof LoginRequestSchema>;

// A new password is also checked against the common-password list, kept on the server.
const RegisterBodySchema = refusingCommonPasswords(RegisterRequestSchema, 'password');
const ResetPasswordBodySchema = refusingCommonPasswords(ResetPasswordRequestSchema, 'password');
const ChangePasswordBodySchema = refusingCommonPasswords(
  ChangePasswordRequestSchema,
  'newPassword',
);

/** An action done without signing in: limited per client (AuthThrottlerGuard); 200 unless said. */
const AuthAction = (route: ApiRoute<unknown, unknown, unknown>, status = HttpStatus.OK) =>
  applyDecorators(Route(route), HttpCode(status), UseGuards(AuthThrottlerGuard));

@Controller()
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly authService: AuthService,
    private readonly sessionService: SessionService,
    private readonly passwordService: PasswordService,
  ) {}

  @AuthAction(apiRoutes.auth.register, HttpStatus.CREATED)
  register(
    @JsonBody(RegisterBodySchema) body: z.output<typeof RegisterRequestSchema>,
  ): Promise<MessageResponse> {
    return this.authService.register(body);
  }

  @AuthAction(apiRoutes.auth.verifyEmail)
  verifyEmail(
    @JsonBody(VerifyEmailRequestSchema)
    body: z.output<typeof VerifyEmailRequestSchema>,
  ): Promise<MessageResponse> {
    return this.authService.verifyEmail(body.token);
  }

  @AuthAction(apiRoutes.auth.login)
  @Header('Cache-Control', 'no-store')
  async login(
    @JsonBody(LoginRequestSchema) body: Credentials,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    return this.answer(reply, await this.authService.login(body));
  }

  @AuthAction(apiRoutes.auth.refresh)
  @Header('Cache-Control', 'no-store')
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const presented = request.cookies[REFRESH_COOKIE];
    const session = presented ? await this.sessionService.rotate(presented) : null;
    if (!session) {
      this.clearCookie(reply);
      throw new DomainException(ErrorCode.UNAUTHORIZED, AuthMessages.sessionExpired);
    }
    return this.answer(reply, session);
  }

  @Route(apiRoutes.auth.logout)
  @HttpCode(HttpStatus.NO_CONTENT)
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented) await this.sessionService.revoke(presented);
    // The access token's session ends too: a client without the cookie must not stay signed in.
    const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) await this.sessionService.revokeByAccessToken(bearer);
    this.clearCookie(reply);
  }

  @Route(apiRoutes.auth.me)
  @Header('Cache-Control', 'no-store')
  @UseGuards(JwtAuthGuard)
  async me(@CurrentUser() user: AuthUser): Promise<MeResponse> {
    const found = await this.authService.me(user.id);
    return { user: { id: found.id, email: found.email }, hasPassword: found.passwordHash !== null };
  }

  @AuthAction(apiRoutes.auth.forgotPassword)
  forgotPassword(
    @JsonBody(ForgotPasswordRequestSchema)
    body: z.output<typeof ForgotPasswordRequestSchema>,
  ): Promise<MessageResponse> {
    return this.passwordService.forgotPassword(body.email);
  }

  @AuthAction(apiRoutes.auth.resetPassword)
  resetPassword(
    @JsonBody(ResetPasswordBodySchema)
    body: z.output<typeof ResetPasswordRequestSchema>,
  ): Promise<MessageResponse> {
    return this.passwordService.resetPassword(body.token, body.password);
  }

  /**
   * The caller's session stays signed in: the access token's, and the refresh cookie's (sent to
   * /api/auth/*).
   */
  @Route(apiRoutes.auth.changePassword)
  @HttpCode(HttpStatus.OK)
  @UseGuards(JwtAuthGuard, AuthThrottlerGuard)
  changePassword(
    @CurrentUser() user: SessionUser,
    @JsonBody(ChangePasswordBodySchema)
    body: z.output<typeof ChangePasswordRequestSchema>,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    return this.passwordService.changePassword(user.id, body, {
      familyId: user.sessionId,
      refreshToken: request.cookies[REFRESH_COOKIE],
    });
  }

  /** Which sign-in providers the Auth screen may offer. */
  @Route(apiRoutes.auth.providers)
  providers(): { google: boolean } {
    return { google: !!(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET) };
  }

  private answer(reply: FastifyReply, session: IssuedSession): SessionResponse {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...this.cookieOptions(),
      maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
    });
    return {
      accessToken: session.accessToken,
      user: session.user,
      ...(session.firstSignIn === undefined ? {} : { firstSignIn: session.firstSignIn }),
    };
  }

  private clearCookie(reply: FastifyReply): void {
    reply.clearCookie(REFRESH_COOKIE, this.cookieOptions());
  }

  private cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      path: REFRESH_COOKIE_PATH,
      secure: this.config.PUBLIC_URL?.startsWith('https:') ?? false,
    };
  }
}
