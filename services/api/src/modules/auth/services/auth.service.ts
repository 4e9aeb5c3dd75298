import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthMessages, ErrorCode, type MessageResponse } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { UserEntity } from '../entities/user.entity.js';
import { AccountLinksService } from './account-links.service.js';
import { PasswordHasher } from './password-hasher.service.js';
import { type IssuedSession, SessionService } from './session.service.js';

export interface Credentials {
  /** Already trimmed and lowercased by the contracts schema. */
  email: string;
  password: string;
}

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly links: AccountLinksService,
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
        await this.links.sendVerification(em, newId, email, next);
        return;
      }
      const existing = await em.findOneByOrFail(UserEntity, { email });
      if (existing.emailVerifiedAt) {
        await this.links.sendAccountExists(em, email);
      } else {
        await this.links.sendVerification(em, existing.id, email, next);
      }
    });
    return { message: AuthMessages.registered };
  }

  async verifyEmail(token: string): Promise<MessageResponse> {
    const ok = await this.dataSource.transaction((em) => this.links.useVerification(em, token));
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
      await this.dataSource.transaction((em) =>
        this.links.sendVerification(em, user.id, user.email),
      );
      throw new DomainException(ErrorCode.FORBIDDEN, AuthMessages.emailNotVerified);
    }
    return this.sessions.start(user);
  }

  async me(userId: string): Promise<UserEntity> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw new DomainException(ErrorCode.UNAUTHORIZED, AuthMessages.sessionExpired);
    return user;
  }
}
