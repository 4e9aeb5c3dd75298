import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passportJwt from 'passport-jwt';
import { JWT_SIGNING_KEY } from '../auth.constants.js';
import {
  type AccessTokenPayload,
  isUuid,
  SessionService,
  type SessionUser,
} from '../services/session.service.js';

const { ExtractJwt, Strategy } = passportJwt;

/**
 * Bearer access tokens (HS256): the request's `user` becomes `{ id, email }`. The token's session
 * must still be signed in (a token without one, or of an ended session, is refused: 401, and the
 * client refreshes or signs in again).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(JWT_SIGNING_KEY) signingKey: string,
    private readonly sessions: SessionService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: signingKey,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: AccessTokenPayload): Promise<SessionUser | false> {
    if (!isUuid(payload.sid)) return false;
    if (!(await this.sessions.isActive(payload.sid))) return false;
    return { id: payload.sub, email: payload.email, sessionId: payload.sid };
  }
}
