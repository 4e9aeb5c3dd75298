import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  APPOINTMENT_NOT_FOUND_MESSAGE,
  type AppointmentCounts,
  type AppointmentDays,
  type AppointmentDaysQuery,
  ErrorCode,
  type HistoryEntry,
  NOT_STARTED_MESSAGE,
  type OwnerAppointment,
  type OwnerAppointmentsQuery,
  type OwnerCreateAppointmentInput,
  type SmsReply,
  sameStatusMessage,
  STATUSES_AFTER_START,
  type UpdateAppointmentInput,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { ActivityLog } from '../../activity/index.js';
import { fullName } from '../../../core/database/columns.js';
import { transactionRetryingDeadlocks } from '../../../core/database/transaction.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import {
  type BookingChanges,
  bookedAsOf,
  BookingWriter,
  DiaryReads,
  type LedgerFilter,
  type LedgerRow,
} from '../../bookings/index.js';
import type { OwnedBusinessRef } from '../../business/index.js';
import { CatalogService, type ServiceEntity } from '../../catalog/index.js';
import { type CustomerRow, CustomerService, phoneSearchDigits } from '../../customer/index.js';
import { type StaffMemberEntity, StaffService } from '../../staff/index.js';
import { OwnerBookingService } from './owner-booking.service.js';
import { SmsReplyService } from './sms-reply.service.js';
import { BookingPaymentsService, PaymentRecordsService } from '../../payments/index.js';
import { StatusChangeNotifier } from './status-change-notifier.service.js';

const appointmentNotFound = () =>
  new DomainException(ErrorCode.NOT_FOUND, APPOINTMENT_NOT_FOUND_MESSAGE);

export function toOwnerAppointment(
  a: LedgerRow,
  service: ServiceEntity,
  customer: CustomerRow,
  staff: StaffMemberEntity | undefined,
  history: HistoryEntry[] = [],
  smsReplies: SmsReply[] = [],
): OwnerAppointment {
  return {
    id: a.id,
    date: a.startsAt.toISOString(),
    end: a.endsAt.toISOString(),
    status: a.status,
    notes: a.notes,
    staffMemberId: a.staffId,
    staff: staff ? { id: staff.id, name: fullName(staff), position: staff.position } : null,
    service: {
      id: service.id,
      name: service.name,
      duration: service.durationMinutes,
      // What it was booked for, when known.
      price: a.priceCents ?? service.priceCents,
      description: service.description,
    },
    // As booked (decision 35): the client record may have been renamed or merged since.
    customer: {
      firstName: a.bookedAs?.firstName ?? customer.firstName,
      lastName: a.bookedAs?.lastName ?? customer.lastName,
      email: a.bookedAs ? a.bookedAs.email : customer.email,
      phone: a.bookedAs ? (a.bookedAs.phone ?? '') : customer.phone,
      notificationPreferences: { email: customer.notifyEmail, sms: customer.notifySms },
    },
    history,
    customerConfirmedAt: a.customerConfirmedAt?.toISOString() ?? null,
    smsReplies,
  };
}

/** The owner's side of appointments: list, counts, bookings, moves, status and notes, cancel. */
@Injectable()
export class OwnerAppointmentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly writer: BookingWriter,
    private readonly diary: DiaryReads,
    private readonly catalog: CatalogService,
    private readonly customers: CustomerService,
    private readonly staff: StaffService,
    private readonly notifier: StatusChangeNotifier,
    private readonly bookings: OwnerBookingService,
    private readonly activity: ActivityLog,
    private readonly smsReplies: SmsReplyService,
    private readonly payments: BookingPaymentsService,
    private readonly paymentRecords: PaymentRecordsService,
  ) {}

  /** A phone or walk-in booking made by the owner. */
  async create(
    owned: OwnedBusinessRef,
    input: OwnerCreateAppointmentInput,
  ): Promise<OwnerAppointment> {
    // Staff book for themselves only.
    const scope = owned.diaryStaffScope('write');
    const mine = scope === undefined ? input : { ...input, staffMemberId: scope };
    return this.one(await this.bookings.create(owned, mine));
  }

  /**
   * Newest first; with a window, only appointments overlapping [from, to); `q` (customer name or
   * service, ignoring case) and `status` narrow it and `limit`/`offset` page it (the table).
   * Archived services and staff keep their names in history.
   */
  async list(owned: OwnedBusinessRef, query: OwnerAppointmentsQuery): Promise<OwnerAppointment[]> {
    const filter: LedgerFilter = {
      ...(query.from ? { from: new Date(query.from) } : {}),
      ...(query.to ? { to: new Date(query.to) } : {}),
      ...(query.status?.length ? { statuses: query.status } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      ...(query.offset ? { offset: query.offset } : {}),
      ...staffScope(owned, 'read'),
    };
    if (query.q) {
      filter.matching = await this.matching(owned.id, query.q);
    }
    return this.withDetails(await this.diary.list(owned.id, filter));
  }

  /**
   * What a search names: clients by their name, email or phone as stored now, services by name,
   * and bookings by the name, email or phone they were booked with (a phone's digits in any
   * format: '0412 345 678', '+61412345678').
   */
  private async matching(
    businessId: number,
    text: string,
  ): Promise<NonNullable<LedgerFilter['matching']>> {
    const [customerIds, serviceIds] = await Promise.all([
      this.customers.idsMatching(businessId, text),
      this.catalog.idsMatching(businessId, text),
    ]);
    return {
      customerIds,
      serviceIds,
      bookedAs: { text: text.toLowerCase(), phoneDigits: phoneSearchDigits(text) ?? [] },
    };
  }

  /** The month grid: each business-local day's first few appointments and how many in all. */
  async days(owned: OwnedBusinessRef, query: AppointmentDaysQuery): Promise<AppointmentDays> {
    const filter: LedgerFilter = {
      from: new Date(query.from),
      to: new Date(query.to),
      ...(query.status?.length ? { statuses: query.status } : {}),
      ...(query.staffId !== undefined ? { staffId: query.staffId } : {}),
      ...staffScope(owned, 'read'),
    };
    if (query.q) {
      filter.matching = await this.matching(owned.id, query.q);
    }
    const { rows, totals } = await this.diary.firstPerDay(
      owned.id,
      filter,
      owned.business.timeZone,
      query.perDay,
    );
    const appointments = await this.withDetails(rows);
    const days = new Map<string, AppointmentDays['days'][number]>();
    rows.forEach((row, i) => {
      const day = days.get(row.day) ?? {
        date: row.day,
        total: totals.get(row.day)!,
        appointments: [],
      };
      day.appointments.push(appointments[i]!);
      days.set(row.day, day);
    });
    return { days: [...days.values()] };
  }

  /**
   * Today's (not cancelled) on the business's own calendar day; confirmed and pending overall. A
   * staff member's are their own appointments' only (the business's while the owner lets staff
   * read the whole diary).
   */
  async counts(owned: OwnedBusinessRef): Promise<AppointmentCounts> {
    const { timeZone } = owned.business;
    const today = this.clock.now().toZonedDateTimeISO(timeZone).toPlainDate();
    const start = today.toZonedDateTime({ timeZone }).toInstant();
    const end = today.add({ days: 1 }).toZonedDateTime({ timeZone }).toInstant();
    return this.diary.counts(owned.id, toDate(start), toDate(end), owned.diaryStaffScope('read'));
  }

  async update(
    owned: OwnedBusinessRef,
    appointmentId: number,
    input: UpdateAppointmentInput,
  ): Promise<OwnerAppointment> {
    let newStatus: string | undefined;
    const id = await transactionRetryingDeadlocks(this.dataSource, async (em) => {
      const appointment = await this.writer.lock(em, appointmentId, owned.id);
      const scope = owned.diaryStaffScope('write');
      // Staff change only their own appointments, and cannot hand one to someone else.
      if (!appointment || (scope !== undefined && appointment.staffId !== scope)) {
        throw appointmentNotFound();
      }
      if (
        scope !== undefined &&
        input.staffMemberId !== undefined &&
        input.staffMemberId !== scope
      ) {
        throw appointmentNotFound();
      }
      const changes: BookingChanges = {};
      if (input.status !== undefined) {
        if (input.status === appointment.status.toLowerCase()) {
          throw new DomainException(ErrorCode.VALIDATION_FAILED, sameStatusMessage(input.status));
        }
        const started = appointment.startsAt.getTime() <= this.clock.now().epochMilliseconds;
        if ((STATUSES_AFTER_START as readonly string[]).includes(input.status) && !started) {
          throw new DomainException(ErrorCode.VALIDATION_FAILED, NOT_STARTED_MESSAGE);
        }
        changes.status = input.status;
        newStatus = input.status;
      }
      // The booking as it now stands: a move changes its resource.
      const current =
        input.date !== undefined || input.staffMemberId !== undefined
          ? await this.bookings.move(em, owned, appointment, input)
          : appointment;
      if (input.notes !== undefined) {
        changes.notes = input.notes?.trim() ? input.notes.trim() : null;
      }
      // Re-activating a cancelled appointment whose time was booked meanwhile: SLOT_TAKEN.
      await this.writer.change(em, current, changes, owned.actor);
      if (changes.status) {
        // Messages and the reminder follow the change in its own transaction.
        await this.notifier.statusChanged(em, appointment, appointment.status, changes.status);
      }
      return appointment.id;
    });
    // After the commit (Stripe is never called inside a transaction), at most once per booking:
    // a no-show charges the no-show fee, the owner's cancel refunds a deposit in full.
    if (newStatus === 'no_show' || newStatus === 'cancelled') {
      const booking = (await this.writer.find(id))!;
      if (newStatus === 'no_show') await this.payments.afterNoShow(booking);
      else await this.payments.afterOwnerCancel(booking);
    }
    return {
      ...(await this.one(id)),
      payments: await this.paymentRecords.forAppointment(owned.id, id),
    };
  }

  /** DELETE: the row stays, its status becomes cancelled and the slot is free again. */
  cancel(owned: OwnedBusinessRef, appointmentId: number): Promise<OwnerAppointment> {
    return this.update(owned, appointmentId, {
      status: 'cancelled',
      notifyCustomer: true,
      outsideHours: false,
    });
  }

  private async one(id: number): Promise<OwnerAppointment> {
    const row = await this.writer.find(id);
    if (!row) throw appointmentNotFound();
    const [appointment] = await this.withDetails([{ ...row, bookedAs: bookedAsOf(row) }]);
    return appointment!;
  }

  /** The service, customer and staff member of each booking, fetched once per kind. */
  private async withDetails(rows: readonly LedgerRow[]): Promise<OwnerAppointment[]> {
    const [services, customers, staff, histories, replies] = await Promise.all([
      this.catalog.byIds(rows.map((r) => r.serviceId)),
      this.customers.byIds(rows.map((r) => r.customerId)),
      this.staff.byIds(rows.flatMap((r) => (r.staffId === null ? [] : [r.staffId]))),
      this.activity.histories(
        rows[0]?.businessId ?? 0,
        rows.map((r) => r.id),
      ),
      this.smsReplies.repliesOf(rows.map((r) => r.id)),
    ]);
    return rows.map((r) =>
      toOwnerAppointment(
        r,
        services.get(r.serviceId)!,
        customers.get(r.customerId)!,
        r.staffId === null ? undefined : staff.get(r.staffId),
        histories.get(r.id),
        replies.get(r.id),
      ),
    );
  }
}

/** A staff member's reads cover their own appointments only, unless the owner opened the diary. */
function staffScope(owned: OwnedBusinessRef, access: 'read' | 'write'): { staffId?: number } {
  const staffId = owned.diaryStaffScope(access);
  return staffId === undefined ? {} : { staffId };
}
