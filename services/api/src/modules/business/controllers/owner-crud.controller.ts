import { HttpCode, HttpStatus, Inject, Param, type Type } from '@nestjs/common';
import type { ApiRoute } from '@slotwise/contracts';
import type { z } from 'zod';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, OwnerAccess } from '../decorators/owner-access.decorator.js';
import type { OwnedBusinessRef } from '../owned-business.js';

/** A service owning one kind of business row (services, staff), scoped to the owner's business. */
export interface OwnedRowsService<Row, CreateInput, UpdateInput> {
  create(owned: OwnedBusinessRef, input: CreateInput): Promise<Row>;
  update(owned: OwnedBusinessRef, id: number, input: UpdateInput): Promise<Row>;
  remove(owned: OwnedBusinessRef, id: number): Promise<void>;
}

export interface OwnerCrudSpec<Row, Create extends z.ZodType, Update extends z.ZodType> {
  /** The service the three routes call. */
  rows: Type<OwnedRowsService<Row, z.output<Create>, z.output<Update>>>;
  routes: {
    create: ApiRoute<Row, unknown>;
    update: ApiRoute<Row, unknown>;
    remove: ApiRoute<void>;
  };
  createSchema: Create;
  updateSchema: Update;
}

/**
 * The owner's create, update and remove routes of a business row, as a base class:
 * `@Controller() class OwnerStaffController extends OwnerCrudController({...}) {}`. Create answers
 * 201 and checks the body's `businessId`; update and remove find only the owner's own rows (404
 * otherwise); remove answers 204.
 */
export function OwnerCrudController<Row, Create extends z.ZodType, Update extends z.ZodType>(
  spec: OwnerCrudSpec<Row, Create, Update>,
) {
  abstract class OwnerCrud {
    constructor(
      @Inject(spec.rows)
      private readonly rows: OwnedRowsService<Row, z.output<Create>, z.output<Update>>,
    ) {}

    @Route(spec.routes.create)
    @HttpCode(HttpStatus.CREATED)
    @OwnerAccess({ businessId: { body: 'businessId' } })
    create(
      @OwnedBusiness() owned: OwnedBusinessRef,
      @JsonBody(spec.createSchema) body: z.output<Create>,
    ): Promise<Row> {
      return this.rows.create(owned, body);
    }

    @Route(spec.routes.update)
    @OwnerAccess()
    update(
      @OwnedBusiness() owned: OwnedBusinessRef,
      @Param('id', idPipe()) id: number,
      @JsonBody(spec.updateSchema) body: z.output<Update>,
    ): Promise<Row> {
      return this.rows.update(owned, id, body);
    }

    @Route(spec.routes.remove)
    @HttpCode(HttpStatus.NO_CONTENT)
    @OwnerAccess()
    async remove(
      @OwnedBusiness() owned: OwnedBusinessRef,
      @Param('id', idPipe()) id: number,
    ): Promise<void> {
      await this.rows.remove(owned, id);
    }
  }
  return OwnerCrud;
}
