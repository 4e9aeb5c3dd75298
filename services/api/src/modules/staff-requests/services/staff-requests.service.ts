import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type CreateStaffChangeRequestSchema,
  DEFAULT_CLOSE_TIME,
  DEFAULT_OPEN_TIME,
  ErrorCode,
  type StaffChangeRequest,
  StaffRequestMessages,
  type StaffRequestStatus,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { fullName } from '../../../core/database/columns.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { ActivityLog } from '../../activity/index.js';
import { UserEntity } from '../../auth/index.js';
import { ScheduleExceptionsService, WeeklyHoursService } from '../../availability/index.js';
import type { OwnedBusinessRef } from '../../business/index.js';
import { OutboxService } from '../../outbox/index.js';
import { StaffService } from '../../staff/index.js';
import { StaffRequestEntity } from '../entities/staff-request.entity.js';
import { decisionEmail, requestedChange } from './staff-request-email.js';

type CreateInput = z.output<typeof CreateStaffChangeRequestSchema>;

const notFound = () =>
  new DomainException(ErrorCode.STAFF_REQUEST_NOT_FOUND, StaffRequestMessages.notFound);
const conflict = (message: string) =>
  new DomainException(ErrorCode.STAFF_REQUEST_CONFLICT, message);

/**
 * The `staff_requests` table: a staff member asks for their own weekly hours or time off; an
 * owner or manager (`hours.manage`) approves, which saves the change through the same services as
 * a direct edit in one transaction with the decision, or declines. Staff reach only their own.
 */
@Injectable()
export class StaffRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly staff: StaffService,
    private readonly weeklyHours: WeeklyHoursService,
    private readonly exceptions: ScheduleExceptionsService,
    private readonly activity: ActivityLog,
    private readonly outbox: OutboxService,
  ) {}

  /** Whose requests the caller reaches: everyone's (undefined) or their own staff record's. */
  private scope(owned: OwnedBusinessRef): number | undefined | null {
    return owned.can('hours.manage') ? undefined : owned.member.staffMemberId;
  }

  async list(owned: OwnedBusinessRef, status?: StaffRequestStatus): Promise<StaffChangeRequest[]> {
    const staffId = this.scope(owned);
    if (staffId === null) return [];
    const rows = await this.dataSource.getRepository(StaffRequestEntity).find({
      where: {
        businessId: owned.id,
        ...(staffId === undefined ? {} : { staffId }),
        ...(status ? { status } : {}),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 200,
    });
    return this.toDtos(owned.id, rows);
  }

  async create(owned: OwnedBusinessRef, input: CreateInput): Promise<StaffChangeRequest> {
    const own = owned.member.staffMemberId;
    if (input.staffId !== undefined && input.staffId !== own) {
      throw new DomainException(ErrorCode.FORBIDDEN, StaffRequestMessages.ownOnly);
    }
    if (own === null) throw conflict(StaffRequestMessages.noStaffRecord);
    await this.staff.findOwnedOrThrow(owned.id, own);
    const repo = this.dataSource.getRepository(StaffRequestEntity);
    const saved = await repo.save(
      repo.create({
        businessId: owned.id,
        staffId: own,
        requestedBy: owned.actor.userId,
        kind: input.kind,
        days: input.kind === 'hours' ? input.days : null,
        startsAt: input.kind === 'time-off' ? new Date(input.start) : null,
        endsAt: input.kind === 'time-off' ? new Date(input.end) : null,
        note: input.note,
        status: 'pending',
      }),
    );
    return (await this.toDtos(owned.id, [saved]))[0]!;
  }

  /** The caller's own pending request, withdrawn (deleted). */
  async withdraw(owned: OwnedBusinessRef, id: number): Promise<void> {
    const own = owned.member.staffMemberId;
    if (own === null) throw notFound();
    await this.dataSource.transaction(async (em) => {
      const row = await this.locked(em, owned.id, id, own);
      await em.delete(StaffRequestEntity, { id: row.id });
    });
  }

  /** Saves the requested change as a direct edit would, with the decision, in one transaction. */
  async approve(owned: OwnedBusinessRef, id: number): Promise<StaffChangeRequest> {
    const row = await this.dataSource.transaction(async (em) => {
      const request = await this.locked(em, owned.id, id);
      if (request.kind === 'hours') {
        await this.weeklyHours.replaceStaffHours(owned, request.staffId, request.days ?? [], em);
      } else {
        await this.exceptions.createTimeOff(
          owned.business,
          request.staffId,
          {
            start: request.startsAt!.toISOString(),
            end: request.endsAt!.toISOString(),
            reason: request.note,
          },
          em,
        );
      }
      return this.decide(em, owned, request, 'approved', null);
    });
    return (await this.toDtos(owned.id, [row]))[0]!;
  }

  async decline(
    owned: OwnedBusinessRef,
    id: number,
    reason: string | null,
  ): Promise<StaffChangeRequest> {
    const row = await this.dataSource.transaction(async (em) =>
      this.decide(em, owned, await this.locked(em, owned.id, id), 'declined', reason),
    );
    return (await this.toDtos(owned.id, [row]))[0]!;
  }

  /** The business's pending request (of `staffId` when given), locked for this transaction. */
  private async locked(
    em: EntityManager,
    businessId: number,
    id: number,
    staffId?: number,
  ): Promise<StaffRequestEntity> {
    const row = await em.findOne(StaffRequestEntity, {
      where: { id, businessId, ...(staffId === undefined ? {} : { staffId }) },
      lock: { mode: 'pessimistic_write' },
    });
    if (!row) throw notFound();
    if (row.status !== 'pending') throw conflict(StaffRequestMessages.decided);
    return row;
  }

  /** Records the decision, logs it (Settings → Activity) and emails the person who asked. */
  private async decide(
    em: EntityManager,
    owned: OwnedBusinessRef,
    row: StaffRequestEntity,
    status: 'approved' | 'declined',
    reason: string | null,
  ): Promise<StaffRequestEntity> {
    row.status = status;
    row.decidedAt = toDate(this.clock.now());
    row.decidedByName = owned.actor.name;
    row.declineReason = reason;
    const saved = await em.save(row);
    const member = (await this.staff.byIds([row.staffId], em)).get(row.staffId);
    const name = member ? fullName(member) : 'a staff member';
    await this.activity.otherChanged(
      {
        businessId: owned.id,
        subject: 'hours',
        subjectId: row.staffId,
        action: 'updated',
        summary: `Request from ${name} ${status}: ${requestedChange(row, owned.business.timeZone)}`,
        actor: owned.actor,
      },
      em,
    );
    const user = row.requestedBy ? await em.findOneBy(UserEntity, { id: row.requestedBy }) : null;
    if (user)
      await this.outbox.enqueue(em, decisionEmail(user.email, owned.business, saved, status));
    return saved;
  }

  private async toDtos(
    businessId: number,
    rows: readonly StaffRequestEntity[],
  ): Promise<StaffChangeRequest[]> {
    const staff = await this.staff.byIds([...new Set(rows.map((r) => r.staffId))]);
    return rows.map((r) => {
      const member = staff.get(r.staffId);
      return {
        id: r.id,
        staffId: r.staffId,
        staffName: member && member.businessId === businessId ? fullName(member) : '',
        kind: r.kind,
        days:
          r.days?.map((d) => ({
            dayOfWeek: d.dayOfWeek,
            isOpen: d.isOpen,
            openTime: d.intervals[0]?.openTime ?? DEFAULT_OPEN_TIME,
            closeTime: d.intervals[0]?.closeTime ?? DEFAULT_CLOSE_TIME,
            intervals: d.intervals.map((i) => ({ openTime: i.openTime, closeTime: i.closeTime })),
          })) ?? null,
        start: r.startsAt?.toISOString() ?? null,
        end: r.endsAt?.toISOString() ?? null,
        note: r.note,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        decidedAt: r.decidedAt?.toISOString() ?? null,
        decidedBy: r.decidedByName,
        declineReason: r.declineReason,
      };
    });
  }
}
