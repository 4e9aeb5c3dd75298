import {
  Controller,
  Headers,
  HttpCode,
  HttpStatus,
  Param,
  Query,
  type RawBodyRequest,
  Req,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  apiRoutes,
  type FeePayment,
  type HeldBookingStatus,
  type PaymentPolicySettings,
  type PaymentRecordList,
  type PaymentsConnectResponse,
  type PaymentsStatus,
  type Service,
  type StripeConnectWebhookResponse,
  type UpdatePaymentPolicyRequest,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody, ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { CACHED } from '../../../core/cache/business-cache.js';
import {
  BusinessService,
  OwnedBusiness,
  type OwnedBusinessRef,
  OwnerAccess,
} from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { BookingPaymentsService } from '../services/booking-payments.service.js';
import { ConnectAccountsService } from '../services/connect-accounts.service.js';
import { FeePaymentsService } from '../services/fee-payments.service.js';
import { PaymentEventsService } from '../services/payment-events.service.js';
import { PaymentPoliciesService } from '../services/payment-policies.service.js';
import {
  type PaymentRecordsFilter,
  PaymentRecordsService,
} from '../services/payment-records.service.js';

/** The owner's Payments settings and list (their own business only: another's is not found). */
@Controller()
@OwnerAccess({ businessId: { param: 'id' } })
export class PaymentsController {
  constructor(
    private readonly accounts: ConnectAccountsService,
    private readonly policies: PaymentPoliciesService,
    private readonly records: PaymentRecordsService,
  ) {}

  @Route(apiRoutes.payments.status)
  status(@OwnedBusiness() owned: OwnedBusinessRef): Promise<PaymentsStatus> {
    return this.accounts.status(owned.id);
  }

  @Route(apiRoutes.payments.connect)
  @HttpCode(HttpStatus.OK)
  connect(@OwnedBusiness() owned: OwnedBusinessRef): Promise<PaymentsConnectResponse> {
    return this.accounts.connect(owned);
  }

  @Route(apiRoutes.payments.policy)
  policy(@OwnedBusiness() owned: OwnedBusinessRef): Promise<PaymentPolicySettings> {
    return this.policies.settings(owned.id);
  }

  @Route(apiRoutes.payments.updatePolicy)
  updatePolicy(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(apiRoutes.payments.updatePolicy) body: UpdatePaymentPolicyRequest,
  ): Promise<PaymentPolicySettings> {
    return this.policies.update(owned.id, body);
  }

  @Route(apiRoutes.payments.charges)
  charges(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.payments.charges) query: PaymentRecordsFilter,
  ): Promise<PaymentRecordList> {
    return this.records.list(owned.id, query);
  }
}

/** Stripe's Connect endpoint, the client's pay link and the booking page's services: no session. */
@Controller()
export class PaymentsPublicController {
  constructor(
    private readonly events: PaymentEventsService,
    private readonly fees: FeePaymentsService,
    private readonly businesses: BusinessService,
    private readonly catalog: CatalogService,
    private readonly policies: PaymentPoliciesService,
    private readonly bookingPayments: BookingPaymentsService,
  ) {}

  /** The active services, each with its payment policy in plain words (what the customer accepts). */
  @Route(apiRoutes.services.listBySlug)
  async listBySlug(@Param('slug') slug: string): Promise<Service[]> {
    const business = await this.businesses.bySlugOrThrow(slug, CACHED);
    const services = await this.catalog.listActive(business.id, { cached: true });
    return this.policies.withSummaries(business.id, services);
  }

  @Route(apiRoutes.payments.connectWebhook)
  @HttpCode(HttpStatus.OK)
  connectWebhook(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeConnectWebhookResponse> {
    return this.events.handleConnect(req.rawBody, signature);
  }

  @Route(apiRoutes.appointments.paymentStatus)
  paymentStatus(
    @Param('id', idPipe()) id: number,
    @ParsedQuery(apiRoutes.appointments.paymentStatus) query: { clientSecret: string },
  ): Promise<HeldBookingStatus> {
    return this.bookingPayments.heldStatus(id, query.clientSecret);
  }

  @Route(apiRoutes.payments.feePayment)
  feePayment(@Query('token') token?: string): Promise<FeePayment> {
    return this.fees.byToken(token);
  }
}
