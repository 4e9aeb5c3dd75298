import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { AuthMessages, ErrorCode, type MessageResponse } from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { sha256Hex } from '../../../core/crypto/secure-token.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { FORGOT_PASSWORD_MIN_RESPONSE_MS } from '../auth.constants.js';
import { PasswordResetTokenEntity } from '../entities/password-reset-token.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { AccountLinksService } from './account-links.service.js';
import { PasswordHasher } from './password-hasher.service.js';
import { type KeptSession, SessionService } from './session.service.js';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** Forgotten passwords (an emailed single-use link) and signed-in password changes. */
@Injectable()
export class PasswordService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly links: AccountLinksService,
  ) {}

  /**
   * Emails a reset link when the address has an account (Google-only accounts too: that is how
   * they set a first password). The answer is the same either way, and never comes sooner than
   * FORGOT_PASSWORD_MIN_RESPONSE_MS, so it tells nothing about the address.
   */
  async forgotPassword(email: string): Promise<MessageResponse> {
    const started = performance.now();
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email });
    if (user) {
      await this.dataSource.transaction((em) =>
        this.links.sendPasswordReset(em, user.id, user.email),
      );
    }
    const left = FORGOT_PASSWORD_MIN_RESPONSE_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
    return { message: AuthMessages.resetLinkSent };
  }

  /**
   * Sets the password from a reset link, spends the account's other links and ends every session.
   * The link proves the owner reads the address, so an unverified account becomes verified.
   */
  async resetPassword(token: string, password: string): Promise<MessageResponse> {
    const tokenHash = sha256Hex(token);
    const tokens = this.dataSource.getRepository(PasswordResetTokenEntity);
    // Checked before hashing, so a dead link costs no argon2 work; checked again under the lock.
    if (!(await tokens.findOneBy({ tokenHash }))?.worksAt(toDate(this.clock.now()))) {
      throw new DomainException(ErrorCode.LINK_INVALID, AuthMessages.invalidResetToken);
    }
    const passwordHash = await this.hasher.hash(password);
    const now = toDate(this.clock.now());
    const ok = await this.dataSource.transaction(async (em) => {
      const row = await em.findOne(PasswordResetTokenEntity, {
        where: { tokenHash },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row?.worksAt(now)) return false;
      await em
        .createQueryBuilder()
        .update(UserEntity)
        .set({ passwordHash, emailVerifiedAt: () => 'COALESCE(email_verified_at, :now)' })
        .setParameter('now', now)
        .where('id = :id', { id: row.userId })
        .execute();
      await this.afterPasswordSet(em, row.userId, now);
      return true;
    });
    if (!ok) throw new DomainException(ErrorCode.LINK_INVALID, AuthMessages.invalidResetToken);
    return { message: AuthMessages.passwordReset };
  }

  /**
   * A signed-in change: the current password must be right. The caller's session (`keep`: the
   * access token's, and its refresh cookie's) stays; every other session ends. A wrong current password is a field error,
   * not a 401, so the client does not take it for an expired session.
   */
  async changePassword(
    userId: string,
    { currentPassword, newPassword }: PasswordChange,
    keep: KeptSession,
  ): Promise<MessageResponse> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw new DomainException(ErrorCode.UNAUTHORIZED, AuthMessages.sessionExpired);
    if (!user.passwordHash) {
      throw new ValidationFailedException(AuthMessages.noPasswordYet, [
        { path: 'currentPassword', message: AuthMessages.noPasswordYet },
      ]);
    }
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) {
      throw new ValidationFailedException(AuthMessages.wrongCurrentPassword, [
        { path: 'currentPassword', message: AuthMessages.wrongCurrentPassword },
      ]);
    }
    const passwordHash = await this.hasher.hash(newPassword);
    const now = toDate(this.clock.now());
    await this.dataSource.transaction(async (em) => {
      await em.update(UserEntity, { id: user.id }, { passwordHash });
      await this.afterPasswordSet(em, user.id, now, keep);
    });
    return { message: AuthMessages.passwordChanged };
  }

  /** Reset links asked for before the new password are spent; sessions end (but `keep`'s). */
  private async afterPasswordSet(
    em: EntityManager,
    userId: string,
    now: Date,
    keep?: KeptSession,
  ): Promise<void> {
    await em.update(PasswordResetTokenEntity, { userId, usedAt: IsNull() }, { usedAt: now });
    await this.sessions.revokeAllOf(em, userId, keep);
  }
}
