import { Body, Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  apiRoutes,
  CreateStaffRequestSchema,
  type StaffMember,
  UpdateStaffRequestSchema,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import {
  type CreateStaffInput,
  StaffService,
  type UpdateStaffInput,
} from '../services/staff.service.js';

/** Staff Management: the owner's own staff only (another business's answer 404). */
@Controller()
export class OwnerStaffController {
  constructor(private readonly staffService: StaffService) {}

  @Route(apiRoutes.staff.create)
  @HttpCode(HttpStatus.CREATED)
  @OwnerAccess({ businessId: { body: 'businessId' } })
  create(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Body(new ZodValidationPipe(CreateStaffRequestSchema)) body: CreateStaffInput,
  ): Promise<StaffMember> {
    return this.staffService.create(owned, body);
  }

  @Route(apiRoutes.staff.update)
  @OwnerAccess()
  update(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(UpdateStaffRequestSchema)) body: UpdateStaffInput,
  ): Promise<StaffMember> {
    return this.staffService.update(owned, id, body);
  }

  @Route(apiRoutes.staff.remove)
  @HttpCode(HttpStatus.NO_CONTENT)
  @OwnerAccess()
  async remove(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
  ): Promise<void> {
    await this.staffService.remove(owned, id);
  }
}
