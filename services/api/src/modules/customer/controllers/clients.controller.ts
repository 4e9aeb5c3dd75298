import { Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  apiRoutes,
  type CustomerDetail,
  type CustomersQuery,
  type CustomerSummary,
  type MergeCustomerRequest,
  type SplitCustomerRequest,
  type UpdateCustomerInput,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody, ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { ClientsService } from '../services/clients.service.js';

/** The dashboard's Clients: the owner's own business's customers only (else 404). */
@Controller()
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Route(apiRoutes.customers.list)
  @OwnerAccess({ businessId: { param: 'id' } })
  list(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.customers.list) query: CustomersQuery,
  ): Promise<CustomerSummary[]> {
    return this.clients.list(owned, query);
  }

  @Route(apiRoutes.customers.byId)
  @OwnerAccess()
  detail(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
  ): Promise<CustomerDetail> {
    return this.clients.detail(owned, id);
  }

  @Route(apiRoutes.customers.update)
  @OwnerAccess()
  update(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @JsonBody(apiRoutes.customers.update) body: UpdateCustomerInput,
  ): Promise<CustomerDetail> {
    return this.clients.update(owned, id, body);
  }

  @Route(apiRoutes.customers.merge)
  @HttpCode(HttpStatus.OK)
  @OwnerAccess()
  merge(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @JsonBody(apiRoutes.customers.merge) body: MergeCustomerRequest,
  ): Promise<CustomerDetail> {
    return this.clients.merge(owned, id, body.otherCustomerId);
  }

  @Route(apiRoutes.customers.split)
  @HttpCode(HttpStatus.OK)
  @OwnerAccess()
  split(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @JsonBody(apiRoutes.customers.split) body: SplitCustomerRequest,
  ): Promise<CustomerDetail> {
    return this.clients.split(owned, id, body.appointmentIds);
  }
}
