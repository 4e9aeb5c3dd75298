import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorCode,
  googleEmailMismatchMessage,
  PasswordMessages,
  RegisterRequestSchema,
  TeamMessages,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { UserEntity } from '../entities/user.entity.js';
import { isCommonPassword } from './common-passwords.js';
import { googleAccount } from './google-oidc.service.js';
import { PasswordHasher } from './password-hasher.service.js';

/**
 * The account an accepted invitation joins (issue 25): the invited address's own account, proven
 * by its password or by being signed in as it, or a new one with the password chosen now. The
 * emailed link proves the address, so a new account starts verified. Through Google: the account
 * of the Google-verified address, which must be the invited one (made without a password if new).
 */
@Injectable()
export class InvitedAccounts {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
  ) {}

  async claim(
    em: EntityManager,
    email: string,
    password: string | undefined,
    signedInAs: string | undefined,
    googleEmail?: string,
  ): Promise<UserEntity> {
    if (googleEmail !== undefined) {
      if (googleEmail !== email) {
        throw new DomainException(
          ErrorCode.FORBIDDEN,
          googleEmailMismatchMessage(email, googleEmail),
        );
      }
      return googleAccount(em, email, toDate(this.clock.now()));
    }
    const existing = await em.findOneBy(UserEntity, { email });
    if (existing) {
      if (signedInAs === existing.id) return existing;
      if (!password || !(await this.hasher.verify(existing.passwordHash, password))) {
        throw new DomainException(ErrorCode.UNAUTHORIZED, TeamMessages.wrongPassword);
      }
      if (!existing.emailVerifiedAt) {
        existing.emailVerifiedAt = toDate(this.clock.now());
        await em.save(existing);
      }
      return existing;
    }
    if (!password) {
      throw new DomainException(ErrorCode.VALIDATION_FAILED, TeamMessages.passwordNeeded, [
        { path: 'password', message: TeamMessages.passwordNeeded },
      ]);
    }
    const rules = RegisterRequestSchema.shape.password.safeParse(password);
    const problem = !rules.success
      ? (rules.error.issues[0]?.message ?? PasswordMessages.tooShort)
      : isCommonPassword(password)
        ? PasswordMessages.tooCommon
        : null;
    if (problem) {
      throw new DomainException(ErrorCode.VALIDATION_FAILED, problem, [
        { path: 'password', message: problem },
      ]);
    }
    const passwordHash = await this.hasher.hash(password);
    return em.save(
      em.create(UserEntity, { email, passwordHash, emailVerifiedAt: toDate(this.clock.now()) }),
    );
  }
}
