import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { newHashedToken, sha256Hex } from '../../../core/crypto/secure-token.js';
import { OutboxService } from '../../outbox/index.js';
import { PASSWORD_RESET_TOKEN_TTL_HOURS, VERIFICATION_TOKEN_TTL_HOURS } from '../auth.constants.js';
import { EmailVerificationTokenEntity } from '../entities/email-verification-token.entity.js';
import { PasswordResetTokenEntity } from '../entities/password-reset-token.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import {
  accountExistsEmail,
  passwordResetEmail,
  passwordResetLink,
  verificationEmail,
  verificationLink,
} from './auth-emails.js';

/**
 * The single-use links emailed to an account (verify the address, reset the password), each
 * written with its email through the caller's transaction (only the token's sha256 is kept), and
 * the email verification link's use.
 */
@Injectable()
export class AccountLinksService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
  ) {}

  /** `next`: where the owner was going when they signed up (a path of this site), for the link. */
  async sendVerification(
    em: EntityManager,
    userId: string,
    email: string,
    next?: string,
  ): Promise<void> {
    const { token, tokenHash } = newHashedToken();
    const expiresAt = toDate(this.clock.now().add({ hours: VERIFICATION_TOKEN_TTL_HOURS }));
    await em.insert(EmailVerificationTokenEntity, { userId, tokenHash, expiresAt });
    await this.outbox.enqueue(
      em,
      verificationEmail(email, verificationLink(this.config.PUBLIC_URL, token, next)),
    );
  }

  /** Sent instead of a new account when the address already has a verified one. */
  async sendAccountExists(em: EntityManager, email: string): Promise<void> {
    await this.outbox.enqueue(em, accountExistsEmail(email, this.config.PUBLIC_URL));
  }

  async sendPasswordReset(em: EntityManager, userId: string, email: string): Promise<void> {
    const { token, tokenHash } = newHashedToken();
    const expiresAt = toDate(this.clock.now().add({ hours: PASSWORD_RESET_TOKEN_TTL_HOURS }));
    await em.insert(PasswordResetTokenEntity, { userId, tokenHash, expiresAt });
    await this.outbox.enqueue(
      em,
      passwordResetEmail(email, passwordResetLink(this.config.PUBLIC_URL, token)),
    );
  }

  /** Spends a verification link and marks its account verified; false for a dead link. */
  async useVerification(em: EntityManager, token: string): Promise<boolean> {
    const now = toDate(this.clock.now());
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
  }
}
