import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuthMessages, ErrorCode, type MessageResponse } from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { OutboxService } from '../../outbox/index.js';
import { VERIFICATION_TOKEN_TTL_HOURS } from '../auth.constants.js';
import { EmailVerificationTokenEntity } from '../entities/email-verification-token.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { accountExistsEmail, verificationEmail, verificationLink } from './auth-emails.js';
import { PasswordHasher } from './password-hasher.service.js';
import { type IssuedSession, SessionService } from './session.service.js';
import { newHashedToken, sha256Hex } from '../../../core/crypto/secure-token.js';

export interface Credentials {
  /** Already trimmed and lowercased by the contracts schema. */
  email: string;
  password: string;
}

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionService,
  ) {}

  /**
   * Same answer whether or not the email has an account (no enumeration). A new account gets a
   * verification email written in the same transaction; an unverified one gets a fresh link; a
   * verified one gets a note that it already exists. The password of an existing account is never
   * changed here (that would let anyone pre-set the password of an address they don't own).
   */
  async register({
    email,
    password,
    next,
  }: Credentials & { next?: string }): Promise<MessageResponse> {
    // Hash first, always: the answer takes as long whether or not the account exists.
    const passwordHash = await this.hasher.hash(password);
    await this.dataSource.transaction(async (em) => {
      const inserted = await em
        .createQueryBuilder()
        .insert()
        .into(UserEntity)
        .values({ email, passwordHash })
        .orIgnore()
        .returning(['id'])
        .execute();
      const newId = (inserted.raw as { id: string }[])[0]?.id;
      if (newId) {
        await this.sendVerification(em, newId, email, next);
        return;
      }
      const existing = await em.findOneByOrFail(UserEntity, { email });
      if (existing.emailVerifiedAt) {
        await this.outbox.enqueue(em, accountExistsEmail(email, this.config.PUBLIC_URL));
      } else {
        await this.sendVerification(em, existing.id, email, next);
      }
    });
    return { message: AuthMessages.registered };
  }

  async verifyEmail(token: string): Promise<MessageResponse> {
    const now = toDate(this.clock.now());
    const ok = await this.dataSource.transaction(async (em) => {
      const row = await em.findOne(EmailVerificationTokenEntity, {
        where: { tokenHash: sha256Hex(token) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row?.worksAt(now)) return false;
      await em.update(EmailVerificationTokenEntity, { id: row.id }, { usedAt: now });
      await em
        .createQueryBuilder()
        .update(UserEntity)
        .set({ emailVerifiedAt: () => 'COALESCE(email_verified_at, :now)' })
        .setParameter('now', now)
        .where('id = :id', { id: row.userId })
        .execute();
      return true;
    });
    if (!ok) {
      throw new DomainException(ErrorCode.LINK_INVALID, AuthMessages.invalidVerificationToken);
    }
    return { message: AuthMessages.verified };
  }

  async login({ email, password }: Credentials): Promise<IssuedSession> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email });
    // Verified against a throwaway hash when there is no user, so both cases take as long.
    const ok = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !ok) {
      throw new DomainException(ErrorCode.UNAUTHORIZED, AuthMessages.invalidCredentials);
    }
    if (!user.emailVerifiedAt) {
      await this.dataSource.transaction((em) => this.sendVerification(em, user.id, user.email));
      throw new DomainException(ErrorCode.FORBIDDEN, AuthMessages.emailNotVerified);
    }
    return this.sessions.start(user);
  }

  async me(userId: string): Promise<UserEntity> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw new DomainException(ErrorCode.UNAUTHORIZED, AuthMessages.sessionExpired);
    return user;
  }

  /** `next`: where the owner was going when they signed up (a path of this site), for the link. */
  private async sendVerification(
    em: EntityManager,
    userId: string,
    email: string,
    next?: string,
  ): Promise<void> {
    const { token, tokenHash } = newHashedToken();
    const expiresAt = toDate(this.clock.now().add({ hours: VERIFICATION_TOKEN_TTL_HOURS }));
    await em.insert(EmailVerificationTokenEntity, {
      userId,
      tokenHash,
      expiresAt,
    });
    await this.outbox.enqueue(
      em,
      verificationEmail(email, verificationLink(this.config.PUBLIC_URL, token, next)),
    );
  }
}
