import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import {
  type CreateInvitationRequest,
  ErrorCode,
  ErrorMessages,
  INVITATION_TTL_DAYS,
  type Invitation,
  type Member,
  type Membership,
  type Role,
  TeamMessages,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { newHashedToken, sha256Hex } from '../../../core/crypto/secure-token.js';
import { fullName } from '../../../core/database/columns.js';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../../core/database/pg-errors.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import {
  type IssuedSession,
  InvitedAccounts,
  SessionService,
  UserEntity,
} from '../../auth/index.js';
import { LiveEvents } from '../../activity/index.js';
import { BusinessEntity, MembershipEntity, type OwnedBusinessRef } from '../../business/index.js';
import { OutboxService } from '../../outbox/index.js';
import { StaffService } from '../../staff/index.js';
import { InvitationEntity } from '../entities/invitation.entity.js';
import { invitationEmail, invitationLink } from './invitation-email.js';

const conflict = (message: string) => new DomainException(ErrorCode.MEMBER_CONFLICT, message);
const memberNotFound = () =>
  new DomainException(ErrorCode.MEMBER_NOT_FOUND, TeamMessages.memberNotFound);
const invitationNotFound = () =>
  new DomainException(ErrorCode.INVITATION_NOT_FOUND, TeamMessages.invitationNotFound);
const linkInvalid = () =>
  new DomainException(ErrorCode.LINK_INVALID, TeamMessages.invitationInvalid);

/**
 * A business's team: invitations (emailed single-use links), members and their roles. Who may call
 * what is the guard's (the contracts' permission table); changes to or from the owner role also
 * need `ownership`, asked of the same table. A member removed or given another role loses the old
 * access to this business at once: the guard reads the membership on every request, and their open
 * live-diary streams of this business end; their sessions, and so their other businesses, stay.
 */
@Injectable()
export class TeamService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly staff: StaffService,
    private readonly sessions: SessionService,
    private readonly accounts: InvitedAccounts,
    private readonly live: LiveEvents,
  ) {}

  async memberships(userId: string): Promise<Membership[]> {
    const rows = await this.dataSource.getRepository(MembershipEntity).find({
      where: { userId },
      order: { id: 'ASC' },
    });
    const businesses = await this.dataSource
      .getRepository(BusinessEntity)
      .findBy({ id: In(rows.map((r) => r.businessId)) });
    const names = new Map(businesses.map((b) => [b.id, b.name]));
    return rows.map((r) => ({
      businessId: r.businessId,
      businessName: names.get(r.businessId) ?? '',
      role: r.role,
      staffMemberId: r.staffMemberId,
    }));
  }

  async invitations(owned: OwnedBusinessRef): Promise<Invitation[]> {
    const rows = await this.dataSource
      .getRepository(InvitationEntity)
      .find({ where: { businessId: owned.id }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((r) => this.toInvitation(r));
  }

  async invite(
    owned: OwnedBusinessRef,
    invitedBy: string,
    input: CreateInvitationRequest & { role: Exclude<Role, 'owner'> },
  ): Promise<Invitation> {
    const email = input.email;
    if (input.staffMemberId !== undefined) await this.assertStaffFree(owned, input.staffMemberId);
    const account = await this.dataSource.getRepository(UserEntity).findOneBy({ email });
    const member =
      account &&
      (await this.dataSource
        .getRepository(MembershipEntity)
        .existsBy({ businessId: owned.id, userId: account.id }));
    if (member) throw conflict(TeamMessages.alreadyMember);
    return this.dataSource.transaction(async (em) => {
      // A new invitation to the same address replaces any still open.
      await em
        .createQueryBuilder()
        .update(InvitationEntity)
        .set({ revokedAt: this.now() })
        .where('business_id = :b AND email = :email', { b: owned.id, email })
        .andWhere('accepted_at IS NULL AND revoked_at IS NULL')
        .execute();
      const { token, tokenHash } = newHashedToken();
      const row = await em.save(
        em.create(InvitationEntity, {
          businessId: owned.id,
          email,
          role: input.role,
          staffMemberId: input.staffMemberId ?? null,
          tokenHash,
          invitedBy,
          expiresAt: this.expiry(),
        }),
      );
      await this.send(em, owned, row, token);
      return this.toInvitation(row);
    });
  }

  async revoke(owned: OwnedBusinessRef, id: number): Promise<void> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(InvitationEntity)
      .set({ revokedAt: this.now() })
      .where('id = :id AND business_id = :b', { id, b: owned.id })
      .andWhere('accepted_at IS NULL AND revoked_at IS NULL')
      .execute();
    if (!result.affected) throw invitationNotFound();
  }

  /** A new link and a new 7 days; the old link stops working. */
  async resend(owned: OwnedBusinessRef, id: number): Promise<Invitation> {
    return this.dataSource.transaction(async (em) => {
      const row = await em.findOne(InvitationEntity, {
        where: { id, businessId: owned.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row || row.acceptedAt || row.revokedAt) throw invitationNotFound();
      const { token, tokenHash } = newHashedToken();
      row.tokenHash = tokenHash;
      row.expiresAt = this.expiry();
      await em.save(row);
      await this.send(em, owned, row, token);
      return this.toInvitation(row);
    });
  }

  /**
   * Uses the invitation once: the invited address's account (new, or existing and proven) joins
   * the business in the invited role, linked to the staff record, and is signed in. `googleEmail`:
   * the address Google verified for this link, which must be the invited one.
   */
  async accept(
    token: string,
    password: string | undefined,
    signedInAs: string | undefined,
    googleEmail?: string,
  ): Promise<IssuedSession> {
    const user = await this.dataSource.transaction(async (em) => {
      const invitation = await em.findOne(InvitationEntity, {
        where: { tokenHash: sha256Hex(token) },
        lock: { mode: 'pessimistic_write' },
      });
      const now = this.now();
      if (
        !invitation ||
        invitation.acceptedAt ||
        invitation.revokedAt ||
        invitation.expiresAt.getTime() <= now.getTime()
      ) {
        throw linkInvalid();
      }
      const account = await this.accounts.claim(
        em,
        invitation.email,
        password,
        signedInAs,
        googleEmail,
      );
      await this.join(em, invitation, account.id);
      invitation.acceptedAt = now;
      await em.save(invitation);
      return account;
    });
    return this.sessions.start(user);
  }

  async members(owned: OwnedBusinessRef): Promise<Member[]> {
    const rows = await this.dataSource
      .getRepository(MembershipEntity)
      .find({ where: { businessId: owned.id }, order: { id: 'ASC' } });
    return this.toMembers(owned, rows);
  }

  /**
   * A new role, at once: their next request is answered by it (the guard reads it per request) and
   * their open streams of this business end. `owner` hands the business over (the caller, its
   * owner, becomes a manager); changing an owner or handing over needs `ownership`.
   */
  async updateRole(owned: OwnedBusinessRef, memberId: number, role: Role): Promise<Member> {
    const changed: string[] = [];
    const row = await this.dataSource.transaction(async (em) => {
      const target = await this.lockMember(em, owned, memberId);
      if (target.role === role) return target;
      if (role === 'owner' || target.role === 'owner') {
        owned.require('ownership', TeamMessages.ownerOnly);
      }
      if (target.role === 'owner') throw conflict(TeamMessages.lastOwner);
      if (role === 'owner') {
        await em.update(MembershipEntity, { id: owned.member.id }, { role: 'manager' });
        changed.push(owned.member.userId);
      }
      target.role = role;
      await em.save(target);
      changed.push(target.userId);
      return target;
    });
    await Promise.all(changed.map((userId) => this.live.memberChanged(owned.id, userId)));
    return (await this.toMembers(owned, [row]))[0]!;
  }

  /**
   * Their access to this business ends at once (the guard finds no membership; their open streams
   * of it end). Someone in other businesses stays signed in to those; someone left with none is
   * signed out (their sessions were this business's only). Their appointments and staff record
   * stay.
   */
  async remove(owned: OwnedBusinessRef, memberId: number): Promise<void> {
    const userId = await this.dataSource.transaction(async (em) => {
      const target = await this.lockMember(em, owned, memberId);
      if (target.role === 'owner') {
        owned.require('ownership', TeamMessages.ownerOnly);
        throw conflict(TeamMessages.lastOwner);
      }
      await em.delete(MembershipEntity, { id: target.id });
      if (!(await em.existsBy(MembershipEntity, { userId: target.userId }))) {
        await this.sessions.revokeAllOf(em, target.userId);
      }
      return target.userId;
    });
    await this.live.memberChanged(owned.id, userId);
  }

  private async lockMember(
    em: EntityManager,
    owned: OwnedBusinessRef,
    memberId: number,
  ): Promise<MembershipEntity> {
    const target = await em.findOne(MembershipEntity, {
      where: { id: memberId, businessId: owned.id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!target) throw memberNotFound();
    return target;
  }

  private async join(em: EntityManager, invitation: InvitationEntity, userId: string) {
    try {
      await em.insert(MembershipEntity, {
        businessId: invitation.businessId,
        userId,
        role: invitation.role,
        staffMemberId: invitation.staffMemberId,
      });
    } catch (error) {
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
      const already = await em.existsBy(MembershipEntity, {
        businessId: invitation.businessId,
        userId,
      });
      throw conflict(already ? TeamMessages.alreadyMember : TeamMessages.staffAlreadyLinked);
    }
  }

  private async assertStaffFree(owned: OwnedBusinessRef, staffMemberId: number): Promise<void> {
    const staff = await this.staff.listAll(owned.id);
    if (!staff.some((s) => s.id === staffMemberId)) {
      throw new DomainException(ErrorCode.STAFF_NOT_FOUND, ErrorMessages.staffNotFound);
    }
    const linked = await this.dataSource
      .getRepository(MembershipEntity)
      .existsBy({ businessId: owned.id, staffMemberId });
    if (linked) throw conflict(TeamMessages.staffAlreadyLinked);
  }

  private async send(
    em: EntityManager,
    owned: OwnedBusinessRef,
    row: InvitationEntity,
    token: string,
  ): Promise<void> {
    const link = invitationLink(this.config.PUBLIC_URL, token);
    await this.outbox.enqueue(em, invitationEmail(row.email, owned.business.name, row.role, link));
  }

  private async toMembers(owned: OwnedBusinessRef, rows: MembershipEntity[]): Promise<Member[]> {
    const [users, staff] = await Promise.all([
      this.dataSource.getRepository(UserEntity).findBy({ id: In(rows.map((r) => r.userId)) }),
      this.staff.listAll(owned.id),
    ]);
    const emails = new Map(users.map((u) => [u.id, u.email]));
    const names = new Map(staff.map((s) => [s.id, fullName(s)]));
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      email: emails.get(r.userId) ?? '',
      role: r.role,
      staffMemberId: r.staffMemberId,
      staffMemberName: r.staffMemberId ? (names.get(r.staffMemberId) ?? null) : null,
      joinedAt: r.createdAt.toISOString(),
    }));
  }

  private toInvitation(r: InvitationEntity): Invitation {
    const status = r.acceptedAt
      ? 'accepted'
      : r.revokedAt
        ? 'revoked'
        : r.expiresAt.getTime() <= this.now().getTime()
          ? 'expired'
          : 'pending';
    return {
      id: r.id,
      email: r.email,
      role: r.role,
      staffMemberId: r.staffMemberId,
      status,
      expiresAt: r.expiresAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    };
  }

  private now(): Date {
    return toDate(this.clock.now());
  }

  private expiry(): Date {
    return toDate(this.clock.now().add({ hours: INVITATION_TTL_DAYS * 24 }));
  }
}
