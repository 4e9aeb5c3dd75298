import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passportJwt from 'passport-jwt';
import type { AuthUser } from '@slotwise/contracts';
import { JWT_SIGNING_KEY } from '../auth.constants.js';
import type { AccessTokenPayload } from '../services/session.service.js';

const { ExtractJwt, Strategy } = passportJwt;

/** Bearer access tokens (HS256): the request's `user` becomes `{ id, email }`. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(JWT_SIGNING_KEY) signingKey: string) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: signingKey,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: AccessTokenPayload): AuthUser {
    return { id: payload.sub, email: payload.email };
  }
}
