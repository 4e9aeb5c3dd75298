import { Controller, Param } from '@nestjs/common';
import {
  apiRoutes,
  type CustomerDetail,
  type CustomersQuery,
  type CustomerSummary,
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
}
