import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { sha256Hex } from '../../../core/crypto/secure-token.js';
import { JWT_SIGNING_KEY } from '../auth.constants.js';

/** The cookie carrying a Google-verified email from Google's callback to accepting an invitation. */
export const GOOGLE_JOIN_COOKIE = 'sw_google_join';
/** Long enough for the /join page to load and accept; the state cookie allows Google 10 min. */
const PROOF_TTL_SECONDS = 300;
const AUDIENCE = 'slotwise:google-join';

interface JoinProof {
  email: string;
  /** The sha256 of the invitation token it was made for: a proof is good for that link only. */
  inv: string;
}

/**
 * "This browser just proved, through Google, that it holds this email, for this invitation": a
 * short-lived signed token (its own audience, so it is never an access token and an access token
 * is never one). Made by Google's callback, read by the team module's accept; no account exists
 * for the email until the invitation's own checks pass there.
 */
@Injectable()
export class GoogleJoinProofs {
  constructor(
    @Inject(JWT_SIGNING_KEY) private readonly signingKey: string,
    private readonly jwt: JwtService,
  ) {}

  readonly ttlSeconds = PROOF_TTL_SECONDS;

  issue(email: string, invitationToken: string): Promise<string> {
    const payload: JoinProof = { email, inv: sha256Hex(invitationToken) };
    return this.jwt.signAsync(payload, {
      secret: this.signingKey,
      algorithm: 'HS256',
      audience: AUDIENCE,
      expiresIn: PROOF_TTL_SECONDS,
    });
  }

  /** The proven email, or null for a proof missing, expired, forged or made for another link. */
  async read(proof: string | undefined, invitationToken: string): Promise<string | null> {
    if (!proof) return null;
    try {
      const payload = await this.jwt.verifyAsync<JoinProof>(proof, {
        secret: this.signingKey,
        algorithms: ['HS256'],
        audience: AUDIENCE,
      });
      return payload.inv === sha256Hex(invitationToken) && typeof payload.email === 'string'
        ? payload.email
        : null;
    } catch {
      return null;
    }
  }
}
