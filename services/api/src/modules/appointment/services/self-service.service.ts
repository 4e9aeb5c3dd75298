import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { Temporal } from 'temporal-polyfill';
import {
  type CancelAppointmentResponse,
  ErrorCode,
  ErrorMessages,
  type RescheduleDetails,
  type RescheduleResponse,
  SelfServiceMessages,
} from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { PG_EXCLUSION_VIOLATION, pgErrorCode } from '../../../core/database/pg-errors.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { sha256Hex } from '../../auth/services/secure-token.js';
import {
  AvailabilityService,
  businessResourceKey,
  staffResourceKey,
} from '../../availability/services/availability.service.js';
import { toIsoString } from '../../availability/slot-engine.js';
import { BusinessEntity } from '../../business/entities/business.entity.js';
import { ServiceEntity } from '../../catalog/entities/service.entity.js';
import { CustomerEntity } from '../../customer/entities/customer.entity.js';
import { OutboxService } from '../../outbox/services/outbox.service.js';
import { StaffMemberEntity } from '../../staff/entities/staff-member.entity.js';
import { staffFullName } from '../../staff/services/staff.service.js';
import {
  type AppointmentTokenPurpose,
  AppointmentTokenEntity,
} from '../entities/appointment-token.entity.js';
import { AppointmentEntity } from '../entities/appointment.entity.js';
import { bookingPageUrl, issueCustomerLinks } from './appointment-links.js';
import {
  appointmentFacts,
  cancellationConfirmationSms,
  type OwnerBookingFacts,
  ownerCustomerCancelledEmail,
  ownerCustomerRescheduledEmail,
  rescheduleConfirmationSms,
} from './appointment-messages.js';
import { reminderFor, withdrawReminders } from './appointment-reminders.js';

const invalidLink = (purpose: AppointmentTokenPurpose) =>
  new DomainException(
    ErrorCode.LINK_INVALID,
    purpose === 'cancel'
      ? SelfServiceMessages.cancelLinkInvalid
      : SelfServiceMessages.rescheduleLinkInvalid,
  );
const alreadyCancelled = () =>
  new DomainException(ErrorCode.ALREADY_CANCELLED, SelfServiceMessages.alreadyCancelled);

interface Loaded {
  token: AppointmentTokenEntity;
  appointment: AppointmentEntity;
  business: BusinessEntity;
  service: ServiceEntity;
}

/** Customers' cancel and reschedule links (decisions 10 and 11): no account, only the token. */
@Injectable()
export class SelfServiceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly availabilityService: AvailabilityService,
    private readonly outbox: OutboxService,
  ) {}

  /** Cancels once: the token is spent and the slot is free at once (the row stays). */
  async cancel(rawToken: string | undefined): Promise<CancelAppointmentResponse> {
    return this.dataSource.transaction(async (em) => {
      const { appointment, business, service } = await this.load(em, rawToken, 'cancel');
      const now = new Date(this.clock.now().epochMilliseconds);
      await em.update(AppointmentEntity, { id: appointment.id }, { status: 'cancelled' });
      // Every link of the appointment is spent: nothing is left to cancel or move.
      await em.update(
        AppointmentTokenEntity,
        { appointmentId: appointment.id, usedAt: IsNull() },
        { usedAt: now },
      );
      // The reminder goes with it; the customer and the owner hear of it in the same commit.
      await withdrawReminders(em, appointment.id, 'the customer cancelled the appointment');
      const facts = await this.ownerFacts(em, appointment, business, service);
      await this.outbox.enqueue(
        em,
        cancellationConfirmationSms(
          facts.customerPhone,
          facts,
          bookingPageUrl(this.config.PUBLIC_URL, business.slug),
        ),
      );
      if (business.email) {
        await this.outbox.enqueue(em, ownerCustomerCancelledEmail(business.email, facts));
      }
      return {
        message: SelfServiceMessages.cancelled,
        appointmentDetails: {
          service: service.name,
          date: appointment.startsAt.toISOString(),
          business: business.name,
          timeZone: business.timeZone,
        },
      };
    });
  }

  async rescheduleDetails(rawToken: string | undefined): Promise<RescheduleDetails> {
    return this.dataSource.transaction(async (em) => {
      const loaded = await this.load(em, rawToken, 'reschedule', false);
      return this.details(em, loaded.appointment, loaded.business, loaded.service);
    });
  }

  /**
   * Moves the booking to another slot of the same service and resource, in one transaction with
   * its fresh links and the new SMS; the old links are spent.
   */
  async reschedule(rawToken: string, date: string): Promise<RescheduleResponse> {
    // Validated before the transaction so a bad date never touches the token.
    let start: Temporal.Instant;
    try {
      start = Temporal.Instant.from(date);
    } catch {
      throw new DomainException(ErrorCode.SLOT_UNAVAILABLE, ErrorMessages.slotUnavailable);
    }
    try {
      return await this.dataSource.transaction(async (em) => {
        const { appointment, business, service } = await this.load(em, rawToken, 'reschedule');
        const day = start.toZonedDateTimeISO(business.timeZone).toPlainDate();
        const { grid } = await this.availabilityService.daySchedule(business, service, day, []);
        const slot = grid.find((s) => s.start.equals(start));
        if (!slot) {
          throw new DomainException(ErrorCode.SLOT_UNAVAILABLE, ErrorMessages.slotUnavailable);
        }
        const resourceKey =
          appointment.staffId != null
            ? staffResourceKey(appointment.staffId)
            : businessResourceKey(business.id);
        const clash: unknown[] = await em.query(
          `SELECT 1 FROM appointments
            WHERE resource_key = $1 AND id <> $2 AND status <> 'cancelled'
              AND tstzrange(starts_at, ends_at, '[)') && tstzrange($3, $4, '[)')
            LIMIT 1`,
          [resourceKey, appointment.id, toIsoString(slot.start), toIsoString(slot.end)],
        );
        if (clash.length > 0) {
          throw new DomainException(ErrorCode.SLOT_TAKEN, ErrorMessages.slotTaken);
        }
        const startsAt = new Date(slot.start.epochMilliseconds);
        const endsAt = new Date(slot.end.epochMilliseconds);
        await em.update(AppointmentEntity, { id: appointment.id }, { startsAt, endsAt });
        await em.update(
          AppointmentTokenEntity,
          { appointmentId: appointment.id, usedAt: IsNull() },
          { usedAt: new Date(this.clock.now().epochMilliseconds) },
        );
        const links = await issueCustomerLinks(
          em,
          appointment.id,
          startsAt,
          this.config.PUBLIC_URL,
        );
        const moved = { ...appointment, startsAt, endsAt } as AppointmentEntity;
        const facts = await this.ownerFacts(em, moved, business, service);
        await this.outbox.enqueue(em, rescheduleConfirmationSms(facts.customerPhone, facts, links));
        // The old reminder is withdrawn and a new one written for the new time, with the new
        // links (the old ones are spent).
        await withdrawReminders(em, appointment.id, 'the customer moved the appointment');
        const customer = await em.findOneByOrFail(CustomerEntity, { id: appointment.customerId });
        const reminder = reminderFor(business, customer, facts, links, this.clock.now());
        if (reminder) await this.outbox.enqueue(em, reminder);
        if (business.email) {
          await this.outbox.enqueue(
            em,
            ownerCustomerRescheduledEmail(business.email, facts, appointment.startsAt),
          );
        }
        return {
          message: SelfServiceMessages.rescheduled,
          ...(await this.details(em, moved, business, service)),
        };
      });
    } catch (error) {
      if (pgErrorCode(error) === PG_EXCLUSION_VIOLATION) {
        throw new DomainException(ErrorCode.SLOT_TAKEN, ErrorMessages.slotTaken);
      }
      throw error;
    }
  }

  /**
   * The token's appointment, locked for the rest of the transaction. Unknown, spent and expired
   * tokens are refused alike; an appointment already cancelled says so.
   */
  private async load(
    em: EntityManager,
    rawToken: string | undefined,
    purpose: AppointmentTokenPurpose,
    lock = true,
  ): Promise<Loaded> {
    const raw = rawToken?.trim();
    if (!raw || raw.length > 200) throw invalidLink(purpose);
    const found = await em.findOneBy(AppointmentTokenEntity, {
      tokenHash: sha256Hex(raw),
      purpose,
    });
    if (!found) throw invalidLink(purpose);
    // The appointment's row lock serialises every change of it and of its tokens (a cancel and a
    // reschedule at once, or two tabs): lock it first, then read the token's state afresh.
    // Locking the token first would deadlock a cancel against a reschedule.
    const appointment = await em.findOne(AppointmentEntity, {
      where: { id: found.appointmentId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!appointment) throw invalidLink(purpose);
    const token = lock ? await em.findOneBy(AppointmentTokenEntity, { id: found.id }) : found;
    if (!token) throw invalidLink(purpose);
    if (appointment.status === 'cancelled') throw alreadyCancelled();
    const now = this.clock.now().epochMilliseconds;
    if (token.usedAt || token.expiresAt.getTime() <= now) throw invalidLink(purpose);
    const business = await em.findOneByOrFail(BusinessEntity, { id: appointment.businessId });
    const service = await em.findOneByOrFail(ServiceEntity, { id: appointment.serviceId });
    return { token, appointment, business, service };
  }

  /** What the messages about `appointment` name, the owner's email included. */
  private async ownerFacts(
    em: EntityManager,
    appointment: AppointmentEntity,
    business: BusinessEntity,
    service: ServiceEntity,
  ): Promise<OwnerBookingFacts> {
    const customer = await em.findOneByOrFail(CustomerEntity, { id: appointment.customerId });
    const staff =
      appointment.staffId != null
        ? await em.findOneBy(StaffMemberEntity, { id: appointment.staffId })
        : null;
    return {
      ...appointmentFacts(appointment, business, service),
      customerName: `${customer.firstName} ${customer.lastName}`.trim(),
      customerPhone: customer.phone,
      staffName: staff ? staffFullName(staff) : null,
      notes: appointment.notes,
    };
  }

  private async details(
    em: EntityManager,
    appointment: AppointmentEntity,
    business: BusinessEntity,
    service: ServiceEntity,
  ): Promise<RescheduleDetails> {
    const staff =
      appointment.staffId != null
        ? await em.findOneBy(StaffMemberEntity, { id: appointment.staffId })
        : null;
    return {
      appointmentId: appointment.id,
      date: appointment.startsAt.toISOString(),
      end: appointment.endsAt.toISOString(),
      service: {
        id: service.id,
        name: service.name,
        duration: service.durationMinutes,
        price: service.priceCents,
      },
      staffMemberId: appointment.staffId,
      staffName: staff ? staffFullName(staff) : null,
      business: {
        id: business.id,
        slug: business.slug,
        name: business.name,
        timeZone: business.timeZone,
      },
    };
  }
}
