import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import type { AuthUser } from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  JWT_SIGNING_KEY,
  REFRESH_TOKEN_TTL_DAYS,
} from '../auth.constants.js';
import { RefreshTokenEntity } from '../entities/refresh-token.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { newHashedToken, sha256Hex } from '../../../core/crypto/secure-token.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a token's `sid` (or `sub`) can name a session (user): both are UUIDs. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

export interface AccessTokenPayload {
  sub: string;
  email: string;
  /** The session: the refresh-token family the token was issued for. */
  sid: string;
}

/** The signed-in owner as the JWT strategy sets it: `AuthUser` and the token's session. */
export interface SessionUser extends AuthUser {
  sessionId: string;
}

/** The caller's own session, kept signed in by a password change: its family or refresh token. */
export interface KeptSession {
  familyId?: string;
  refreshToken?: string;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  user: AuthUser;
  /** Set by `start`: the account had never signed in before (no refresh token was ever issued). */
  firstSignIn?: boolean;
}

type RotateResult =
  | { kind: 'ok'; user: UserEntity; refreshToken: string; familyId: string }
  | { kind: 'reuse'; familyId: string }
  | { kind: 'invalid' };

/**
 * A replaced token presented again within this window is a concurrent refresh (two tabs opening
 * at once share one cookie), not a replay: it gets a sibling token instead of revoking the family.
 * Replays after the window still revoke the whole family.
 */
export const CONCURRENT_REFRESH_GRACE_MS = 10_000;

/** Access tokens (JWT, ~15 min) and rotating refresh tokens (random, stored as sha256). */
@Injectable()
export class SessionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(JWT_SIGNING_KEY) private readonly signingKey: string,
    private readonly jwt: JwtService,
  ) {}

  signAccessToken(user: Pick<UserEntity, 'id' | 'email'>, familyId: string): Promise<string> {
    const payload: AccessTokenPayload = { sub: user.id, email: user.email, sid: familyId };
    return this.jwt.signAsync(payload, {
      secret: this.signingKey,
      algorithm: 'HS256',
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    });
  }

  /** A new sign-in: a new refresh-token family. */
  async start(user: UserEntity): Promise<IssuedSession> {
    const familyId = randomUUID();
    // Refresh tokens are kept (revoked, not deleted), so none yet means a first sign-in.
    const signedInBefore = await this.dataSource
      .getRepository(RefreshTokenEntity)
      .existsBy({ userId: user.id });
    const refreshToken = await this.insertRefreshToken(this.dataSource.manager, user.id, familyId);
    return { ...(await this.issue(user, refreshToken, familyId)), firstSignIn: !signedInBefore };
  }

  /**
   * Exchanges a refresh token for a new one of the same family. A token that was already replaced
   * or revoked means it leaked (or was replayed): the whole family is revoked and null returned.
   */
  async rotate(presented: string): Promise<IssuedSession | null> {
    const now = toDate(this.clock.now());
    const result = await this.dataSource.transaction(async (em): Promise<RotateResult> => {
      const row = await em.findOne(RefreshTokenEntity, {
        where: { tokenHash: sha256Hex(presented) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) return { kind: 'invalid' };
      const concurrent =
        row.replacedAt !== null &&
        row.revokedAt === null &&
        now.getTime() - row.replacedAt.getTime() < CONCURRENT_REFRESH_GRACE_MS;
      if ((row.replacedAt && !concurrent) || row.revokedAt) {
        return { kind: 'reuse', familyId: row.familyId };
      }
      if (!row.worksAt(now)) return { kind: 'invalid' };
      const user = await em.findOneBy(UserEntity, { id: row.userId });
      if (!user) return { kind: 'invalid' };
      if (!concurrent) await em.update(RefreshTokenEntity, { id: row.id }, { replacedAt: now });
      const refreshToken = await this.insertRefreshToken(em, user.id, row.familyId);
      return { kind: 'ok', user, refreshToken, familyId: row.familyId };
    });
    if (result.kind === 'reuse') await this.revokeFamily(result.familyId);
    if (result.kind !== 'ok') return null;
    return this.issue(result.user, result.refreshToken, result.familyId);
  }

  /**
   * Whether the session (refresh-token family) an access token names is still signed in: it ends
   * with sign-out, a password change or reset (other sessions), and a refresh token's reuse. One
   * indexed read per authenticated request, so an access token stops working at once rather than
   * when it expires.
   */
  async isActive(familyId: string): Promise<boolean> {
    const rows: { active: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (
         SELECT 1 FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NULL
       ) AS active`,
      [familyId],
    );
    return rows[0]?.active === true;
  }

  /** Sign-out: the presented token's whole family stops working. */
  async revoke(presented: string): Promise<void> {
    const row = await this.dataSource
      .getRepository(RefreshTokenEntity)
      .findOneBy({ tokenHash: sha256Hex(presented) });
    if (row) await this.revokeFamily(row.familyId);
  }

  /**
   * Sign-out with only the access token (no refresh cookie: another client, or a cookie the
   * browser dropped): the session the token names stops working. A token signed by us is proof
   * enough even once expired; anything else ends nothing.
   */
  async revokeByAccessToken(accessToken: string): Promise<void> {
    const payload = await this.jwt
      .verifyAsync<AccessTokenPayload>(accessToken, {
        secret: this.signingKey,
        algorithms: ['HS256'],
        ignoreExpiration: true,
      })
      .catch(() => null);
    if (!isUuid(payload?.sid) || !isUuid(payload.sub)) return;
    await this.dataSource
      .getRepository(RefreshTokenEntity)
      .update(
        { familyId: payload.sid, userId: payload.sub, revokedAt: IsNull() },
        { revokedAt: toDate(this.clock.now()) },
      );
  }

  /**
   * Ends every session of the user (each refresh-token family) through `em`, so it commits with
   * the password change that causes it. `keep`: the caller's own session (the access token's, and
   * the family of its refresh cookie when that is the user's), which stays signed in. The ended sessions' access tokens stop working at once
   * (`isActive`).
   */
  async revokeAllOf(em: EntityManager, userId: string, keep: KeptSession = {}): Promise<void> {
    const byCookie = keep.refreshToken
      ? await em.findOneBy(RefreshTokenEntity, { tokenHash: sha256Hex(keep.refreshToken), userId })
      : null;
    const kept = [keep.familyId, byCookie?.familyId].filter((id): id is string => !!id);
    const query = em
      .createQueryBuilder()
      .update(RefreshTokenEntity)
      .set({ revokedAt: toDate(this.clock.now()) })
      .where('user_id = :userId', { userId })
      .andWhere('revoked_at IS NULL');
    if (kept.length > 0) query.andWhere('family_id NOT IN (:...kept)', { kept });
    await query.execute();
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.dataSource
      .getRepository(RefreshTokenEntity)
      .update({ familyId, revokedAt: IsNull() }, { revokedAt: toDate(this.clock.now()) });
  }

  private async insertRefreshToken(
    em: EntityManager,
    userId: string,
    familyId: string,
  ): Promise<string> {
    const { token, tokenHash } = newHashedToken();
    const expiresAt = toDate(this.clock.now().add({ hours: REFRESH_TOKEN_TTL_DAYS * 24 }));
    await em.insert(RefreshTokenEntity, {
      userId,
      familyId,
      tokenHash,
      expiresAt,
    });
    return token;
  }

  private async issue(
    user: UserEntity,
    refreshToken: string,
    familyId: string,
  ): Promise<IssuedSession> {
    return {
      accessToken: await this.signAccessToken(user, familyId),
      refreshToken,
      user: { id: user.id, email: user.email },
    };
  }
}
