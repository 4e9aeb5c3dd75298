import {
  Body,
  Controller,
  Delete,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  type AuthUser,
  CreateStaffRequestSchema,
  type StaffMember,
  UpdateStaffRequestSchema,
} from '@slotwise/contracts';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { CurrentUser } from '../../auth/decorators/current-user.decorator.js';
import { JwtAuthGuard } from '../../auth/guards/jwt-auth.guard.js';
import {
  type CreateStaffInput,
  StaffService,
  type UpdateStaffInput,
} from '../services/staff.service.js';

/** Staff Management: the owner's own staff only (another owner's answer 404). */
@Controller('staff')
@UseGuards(JwtAuthGuard)
export class OwnerStaffController {
  constructor(private readonly staffService: StaffService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @Body(new ZodValidationPipe(CreateStaffRequestSchema)) body: CreateStaffInput,
    @CurrentUser() user: AuthUser,
  ): Promise<StaffMember> {
    return this.staffService.create(user.id, body);
  }

  @Patch(':id')
  update(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(UpdateStaffRequestSchema)) body: UpdateStaffInput,
    @CurrentUser() user: AuthUser,
  ): Promise<StaffMember> {
    return this.staffService.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@Param('id', idPipe()) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    await this.staffService.remove(user.id, id);
  }
}
