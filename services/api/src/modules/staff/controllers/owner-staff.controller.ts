import { Controller } from '@nestjs/common';
import { apiRoutes, CreateStaffRequestSchema, UpdateStaffRequestSchema } from '@slotwise/contracts';
import { OwnerCrudController } from '../../business/index.js';
import { StaffService } from '../services/staff.service.js';

/** Staff Management: the owner's own staff only (another business's answer 404). */
@Controller()
export class OwnerStaffController extends OwnerCrudController({
  rows: StaffService,
  routes: apiRoutes.staff,
  createSchema: CreateStaffRequestSchema,
  updateSchema: UpdateStaffRequestSchema,
}) {}
