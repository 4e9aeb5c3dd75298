import { Body, Controller, Get, Param, Patch, UseGuards } from '@nestjs/common';
import {
  type AuthUser,
  type Business,
  ErrorCode,
  UpdateBusinessRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { AuthRequiredMessage, CurrentUser } from '../../auth/decorators/current-user.decorator.js';
import { JwtAuthGuard } from '../../auth/guards/jwt-auth.guard.js';
import { BusinessService } from '../services/business.service.js';

type UpdateBusinessBody = z.output<typeof UpdateBusinessRequestSchema>;

export const UPDATE_BUSINESS_AUTH_MESSAGE =
  'Authentication required: You must be logged in to update your business';

/** The signed-in owner's own business (decision 14: nobody else's). */
@Controller()
@UseGuards(JwtAuthGuard)
export class OwnerBusinessController {
  constructor(private readonly businessService: BusinessService) {}

  /** The caller's business, created on first use. */
  @Get('business/me')
  async mine(@CurrentUser() user: AuthUser): Promise<Business> {
    return this.businessService.toDto(await this.businessService.loadOrCreateForOwner(user.id));
  }

  /** Loads the caller's business, creating it on first use. */
  @Get('business/owner/:userId')
  async loadOrCreate(
    @Param('userId') userId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<Business> {
    if (userId !== user.id) {
      throw new DomainException(ErrorCode.FORBIDDEN, 'You can only open your own business');
    }
    return this.businessService.toDto(await this.businessService.loadOrCreateForOwner(user.id));
  }

  @Patch('business/:id')
  @AuthRequiredMessage(UPDATE_BUSINESS_AUTH_MESSAGE)
  update(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(UpdateBusinessRequestSchema)) body: UpdateBusinessBody,
    @CurrentUser() user: AuthUser,
  ): Promise<Business> {
    return this.save(id, body, user);
  }

  /** The dashboard's variant of the same call (spec section 7). */
  @Patch('businesses/:id')
  @AuthRequiredMessage(UPDATE_BUSINESS_AUTH_MESSAGE)
  updatePlural(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(UpdateBusinessRequestSchema)) body: UpdateBusinessBody,
    @CurrentUser() user: AuthUser,
  ): Promise<Business> {
    return this.save(id, body, user);
  }

  private async save(id: number, body: UpdateBusinessBody, user: AuthUser): Promise<Business> {
    return this.businessService.toDto(await this.businessService.update(id, user.id, body));
  }
}
