import { Controller, Header, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  apiRoutes,
  type CreateStaffChangeRequestSchema,
  type DeclineStaffChangeRequestSchema,
  type StaffChangeRequest,
  type StaffChangeRequestQuerySchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody, ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { StaffRequestsService } from '../services/staff-requests.service.js';

const Business = () => OwnerAccess({ businessId: { param: 'id' } });
const RequestId = () => Param('requestId', idPipe('requestId'));

/** Staff ask for their own hours and time off; owners and managers decide (issue 25). */
@Controller()
export class StaffRequestsController {
  constructor(private readonly requests: StaffRequestsService) {}

  @Route(apiRoutes.staffRequests.list)
  @Header('Cache-Control', 'no-store')
  @Business()
  list(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.staffRequests.list)
    query: z.output<typeof StaffChangeRequestQuerySchema>,
  ): Promise<StaffChangeRequest[]> {
    return this.requests.list(owned, query.status);
  }

  @Route(apiRoutes.staffRequests.create)
  @Business()
  create(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(apiRoutes.staffRequests.create) body: z.output<typeof CreateStaffChangeRequestSchema>,
  ): Promise<StaffChangeRequest> {
    return this.requests.create(owned, body);
  }

  @Route(apiRoutes.staffRequests.withdraw)
  @HttpCode(HttpStatus.NO_CONTENT)
  @Business()
  withdraw(@OwnedBusiness() owned: OwnedBusinessRef, @RequestId() id: number): Promise<void> {
    return this.requests.withdraw(owned, id);
  }

  @Route(apiRoutes.staffRequests.approve)
  @HttpCode(HttpStatus.OK)
  @Business()
  approve(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @RequestId() id: number,
  ): Promise<StaffChangeRequest> {
    return this.requests.approve(owned, id);
  }

  @Route(apiRoutes.staffRequests.decline)
  @HttpCode(HttpStatus.OK)
  @Business()
  decline(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @RequestId() id: number,
    @JsonBody(apiRoutes.staffRequests.decline)
    body: z.output<typeof DeclineStaffChangeRequestSchema>,
  ): Promise<StaffChangeRequest> {
    return this.requests.decline(owned, id, body.reason);
  }
}
