import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  type AffectedBooking,
  ErrorCode,
  type RemoveStaffQuerySchema,
  StaffRemovalMessages,
  staffHasBookingsMessage,
  staffReassignClashMessage,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { fullName } from '../../../core/database/columns.js';
import { transactionRetryingDeadlocks } from '../../../core/database/transaction.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { BusinessCancellationService } from '../../booking-flows/index.js';
import { AffectedBookingsService } from '../../availability/index.js';
import { BookingWriter, DiaryReads } from '../../bookings/index.js';
import type { OwnedBusinessRef } from '../../business/index.js';
import { type StaffMemberEntity, StaffService } from '../../staff/index.js';

export type RemoveStaffQuery = z.output<typeof RemoveStaffQuerySchema>;

const chooseAnother = () =>
  new ValidationFailedException(StaffRemovalMessages.chooseAnother, [
    { path: 'to', message: StaffRemovalMessages.chooseAnother },
  ]);

/**
 * A staff member leaving: their bookings still to come are neither left with nobody nor dropped
 * silently. The owner sees them, then removes the person with a decision: give them all to
 * another staff member (all or nothing: the exclusion constraint decides clashes), or cancel them
 * with the customers' "cancelled by the business" SMS. Either way in one transaction with the
 * removal.
 */
@Injectable()
export class StaffDepartureService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly staff: StaffService,
    private readonly writer: BookingWriter,
    private readonly diary: DiaryReads,
    private readonly bookings: AffectedBookingsService,
    private readonly cancellation: BusinessCancellationService,
  ) {}

  /** The owner's staff member's bookings still to come, soonest first. */
  async upcoming(owned: OwnedBusinessRef, staffId: number): Promise<AffectedBooking[]> {
    const member = await this.staff.findOwnedOrThrow(owned.id, staffId);
    const rows = await this.diary.upcomingOfStaff(member.id, toDate(this.clock.now()));
    return this.bookings.describe(rows);
  }

  async remove(owned: OwnedBusinessRef, staffId: number, query: RemoveStaffQuery): Promise<void> {
    await transactionRetryingDeadlocks(this.dataSource, async (em) => {
      const member = await this.staff.lockOwnedOrThrow(em, owned.id, staffId);
      const upcoming = await this.diary.upcomingOfStaff(member.id, toDate(this.clock.now()), {
        em,
        lock: true,
      });
      if (upcoming.length > 0) {
        if (query.upcoming === undefined) {
          throw new DomainException(
            ErrorCode.STAFF_HAS_BOOKINGS,
            staffHasBookingsMessage(upcoming.length),
          );
        }
        const ids = upcoming.map((b) => b.id);
        if (query.upcoming === 'reassign') {
          await this.reassign(em, owned, member, ids, query.to!);
        } else {
          await this.cancellation.cancel(em, owned.id, ids, owned.actor);
        }
      }
      await this.staff.remove(em, member);
      await this.staff.logged(em, owned, member, 'deleted');
    });
  }

  /** Every booking to `toStaffId`, or a 409 naming those that clash (and nothing moves). */
  private async reassign(
    em: EntityManager,
    owned: OwnedBusinessRef,
    member: StaffMemberEntity,
    ids: readonly number[],
    toStaffId: number,
  ): Promise<void> {
    if (toStaffId === member.id) throw chooseAnother();
    const target = await this.staff
      .findActiveOrThrow(owned.id, toStaffId, { em })
      .catch((error: unknown) => {
        if (error instanceof DomainException && error.code === ErrorCode.STAFF_NOT_FOUND) {
          throw chooseAnother();
        }
        throw error;
      });
    // The time does not change, so the customers' links and reminders stay as they are (no
    // message names the staff member) and nobody is texted.
    const clashes = await this.writer.reassign(em, ids, target.id, owned.actor);
    if (clashes.length > 0) {
      const name = fullName(target);
      throw new DomainException(
        ErrorCode.STAFF_REASSIGN_CLASH,
        staffReassignClashMessage(clashes.length, name),
        clashes.map((id) => ({
          path: `appointments.${id}`,
          message: StaffRemovalMessages.clashesWith(name),
        })),
      );
    }
  }
}
