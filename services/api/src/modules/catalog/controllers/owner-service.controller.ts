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
  CreateServiceRequestSchema,
  type Service,
  UpdateServiceRequestSchema,
} from '@slotwise/contracts';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { CurrentUser } from '../../auth/decorators/current-user.decorator.js';
import { JwtAuthGuard } from '../../auth/guards/jwt-auth.guard.js';
import {
  CatalogService,
  type CreateServiceInput,
  type UpdateServiceInput,
} from '../services/catalog.service.js';

/** Settings → Services: the owner's own services only (another owner's answer 404). */
@Controller('services')
@UseGuards(JwtAuthGuard)
export class OwnerServiceController {
  constructor(private readonly catalogService: CatalogService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @Body(new ZodValidationPipe(CreateServiceRequestSchema)) body: CreateServiceInput,
    @CurrentUser() user: AuthUser,
  ): Promise<Service> {
    return this.catalogService.create(user.id, body);
  }

  @Patch(':id')
  update(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(UpdateServiceRequestSchema)) body: UpdateServiceInput,
    @CurrentUser() user: AuthUser,
  ): Promise<Service> {
    return this.catalogService.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@Param('id', idPipe()) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    await this.catalogService.remove(user.id, id);
  }
}
