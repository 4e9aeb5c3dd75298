import { Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  apiRoutes,
  type AppointmentCounts,
  type AppointmentDays,
  type AppointmentDaysQuery,
  AppointmentDaysQuerySchema,
  type OwnerAppointment,
  type OwnerAppointmentsQuery,
  OwnerAppointmentsQuerySchema,
  type OwnerCreateAppointmentInput,
  OwnerCreateAppointmentRequestSchema,
  type UpdateAppointmentInput,
  UpdateAppointmentRequestSchema,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody, ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { OwnerAppointmentService } from '../services/owner-appointment.service.js';

/** The Business Dashboard's appointment calls: the owner's own business only (else 404). */
@Controller()
export class OwnerAppointmentController {
  constructor(private readonly appointments: OwnerAppointmentService) {}

  @Route(apiRoutes.appointments.list)
  @OwnerAccess({ businessId: { param: 'id' } })
  list(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(OwnerAppointmentsQuerySchema) query: OwnerAppointmentsQuery,
  ): Promise<OwnerAppointment[]> {
    return this.appointments.list(owned, query);
  }

  /** A phone or walk-in booking: 201 with the appointment. */
  @Route(apiRoutes.appointments.ownerCreate)
  @HttpCode(HttpStatus.CREATED)
  @OwnerAccess({ businessId: { param: 'id' } })
  create(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(OwnerCreateAppointmentRequestSchema) body: OwnerCreateAppointmentInput,
  ): Promise<OwnerAppointment> {
    return this.appointments.create(owned, body);
  }

  @Route(apiRoutes.appointments.days)
  @OwnerAccess({ businessId: { param: 'id' } })
  days(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(AppointmentDaysQuerySchema) query: AppointmentDaysQuery,
  ): Promise<AppointmentDays> {
    return this.appointments.days(owned, query);
  }

  @Route(apiRoutes.appointments.counts)
  @OwnerAccess({ businessId: { param: 'id' } })
  counts(@OwnedBusiness() owned: OwnedBusinessRef): Promise<AppointmentCounts> {
    return this.appointments.counts(owned);
  }

  @Route(apiRoutes.appointments.update)
  @OwnerAccess()
  update(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @JsonBody(UpdateAppointmentRequestSchema) body: UpdateAppointmentInput,
  ): Promise<OwnerAppointment> {
    return this.appointments.update(owned, id, body);
  }

  /** Cancels: 200 with the cancelled appointment; the row is kept. */
  @Route(apiRoutes.appointments.cancel)
  @OwnerAccess()
  cancel(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
  ): Promise<OwnerAppointment> {
    return this.appointments.cancel(owned, id);
  }
}
