import { Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  apiRoutes,
  type ClientImportJob,
  type ClientImportRequest,
  type ClientImportResult,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { ClientImportService } from '../services/client-import.service.js';

/** Bringing clients over from another system, into the owner's own business (another's: 404). */
@Controller()
export class ClientImportController {
  constructor(private readonly imports: ClientImportService) {}

  @Route(apiRoutes.customers.import)
  @HttpCode(HttpStatus.OK)
  @OwnerAccess({ businessId: { param: 'id' } })
  import(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(apiRoutes.customers.import) body: ClientImportRequest,
  ): Promise<ClientImportResult> {
    return this.imports.import(owned.id, body);
  }

  @Route(apiRoutes.customers.importJob)
  @OwnerAccess({ businessId: { param: 'id' } })
  job(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('jobId', idPipe('jobId')) jobId: number,
  ): Promise<ClientImportJob> {
    return this.imports.job(owned.id, jobId);
  }
}
