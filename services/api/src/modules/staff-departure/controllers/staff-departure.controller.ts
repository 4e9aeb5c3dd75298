import { Controller, Header, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { type AffectedBooking, apiRoutes } from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import {
  type RemoveStaffQuery,
  StaffDepartureService,
} from '../services/staff-departure.service.js';

/** Removing one of the owner's staff members (another business's answer 404): owner routes only. */
@Controller()
@OwnerAccess()
export class StaffDepartureController {
  constructor(private readonly departure: StaffDepartureService) {}

  @Route(apiRoutes.staff.upcomingAppointments)
  @Header('Cache-Control', 'no-store')
  upcoming(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
  ): Promise<AffectedBooking[]> {
    return this.departure.upcoming(owned, id);
  }

  /** 409 STAFF_HAS_BOOKINGS while the person has bookings to come and no decision is given. */
  @Route(apiRoutes.staff.remove)
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @ParsedQuery(apiRoutes.staff.remove) query: RemoveStaffQuery,
  ): Promise<void> {
    await this.departure.remove(owned, id, query);
  }
}
