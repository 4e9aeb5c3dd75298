import { Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { apiRoutes, type StaffMember } from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import {
  type CreateStaffInput,
  StaffService,
  type UpdateStaffInput,
} from '../services/staff.service.js';

/**
 * Staff Management: the owner's own staff only (another business's answer 404). Removing someone
 * is the staff-departure module's route: it decides about their upcoming bookings first, which
 * takes the booking-flows module (that itself depends on this one).
 */
@Controller()
export class OwnerStaffController {
  constructor(private readonly staff: StaffService) {}

  @Route(apiRoutes.staff.create)
  @HttpCode(HttpStatus.CREATED)
  @OwnerAccess({ businessId: { body: 'businessId' } })
  create(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(apiRoutes.staff.create) body: CreateStaffInput,
  ): Promise<StaffMember> {
    return this.staff.create(owned, body);
  }

  @Route(apiRoutes.staff.update)
  @OwnerAccess()
  update(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @JsonBody(apiRoutes.staff.update) body: UpdateStaffInput,
  ): Promise<StaffMember> {
    return this.staff.update(owned, id, body);
  }
}
