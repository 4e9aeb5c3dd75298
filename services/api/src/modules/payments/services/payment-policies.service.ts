import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ErrorCode,
  ErrorMessages,
  NO_POLICY,
  PaymentMessages,
  type PaymentPolicy,
  type PaymentPolicySettings,
  type Service,
  PaymentPolicySchema,
  paymentPolicySummary,
  type UpdatePaymentPolicyRequest,
  UpdatePaymentPolicyRequestSchema,
} from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { CatalogService } from '../../catalog/index.js';
import { PaymentPolicyEntity } from '../entities/payment-tables.entity.js';
import { ConnectAccountsService } from './connect-accounts.service.js';

/** The policies of one business: its own and each overriding service's. */
export interface BusinessPolicies {
  business: PaymentPolicy;
  services: Map<number, PaymentPolicy>;
}

/**
 * A business's payment policy and its per-service overrides. A policy that asks for money can be
 * saved only while the Stripe account takes charges; and whatever is saved, a booking is asked to
 * pay only while it still does (ConnectAccountsService.enabledAccount).
 */
@Injectable()
export class PaymentPoliciesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: CatalogService,
    private readonly accounts: ConnectAccountsService,
  ) {}

  async policies(businessId: number): Promise<BusinessPolicies> {
    const rows = await this.dataSource.manager.findBy(PaymentPolicyEntity, { businessId });
    const services = new Map<number, PaymentPolicy>();
    let business = NO_POLICY;
    for (const row of rows) {
      // Parsed again, so a row written by an older shape still reads with today's defaults.
      const policy = PaymentPolicySchema.parse(row.policy);
      if (row.serviceId === null) business = policy;
      else services.set(row.serviceId, policy);
    }
    return { business, services };
  }

  /** The policy one service's bookings follow. */
  async policyFor(businessId: number, serviceId: number): Promise<PaymentPolicy> {
    const { business, services } = await this.policies(businessId);
    return services.get(serviceId) ?? business;
  }

  /**
   * The public list's services with their policy summaries: only while the account takes charges
   * (nothing offers a payment step that cannot work).
   */
  async withSummaries(businessId: number, services: Service[]): Promise<Service[]> {
    if (!(await this.accounts.enabledAccount(businessId))) return services;
    const policies = await this.policies(businessId);
    return services.map((s) => {
      const policy = policies.services.get(s.id) ?? policies.business;
      const summary = paymentPolicySummary(policy, s.price);
      return summary
        ? { ...s, policySummary: summary, policyNewClientsOnly: policy.newClientsOnly }
        : s;
    });
  }

  async settings(businessId: number): Promise<PaymentPolicySettings> {
    const [policies, account, services] = await Promise.all([
      this.policies(businessId),
      this.accounts.find(businessId),
      this.catalog.listAll(businessId),
    ]);
    return {
      policy: policies.business,
      serviceOverrides: [...policies.services].map(([serviceId, policy]) => ({
        serviceId,
        policy,
      })),
      paymentsState: this.accounts.stateOf(account),
      services: services
        .filter((s) => s.isActive)
        .map((s) => {
          const own = policies.services.get(s.id);
          return {
            serviceId: s.id,
            name: s.name,
            price: s.price,
            overridden: own !== undefined,
            summary: paymentPolicySummary(own ?? policies.business, s.price),
          };
        }),
    };
  }

  async update(
    businessId: number,
    request: UpdatePaymentPolicyRequest,
  ): Promise<PaymentPolicySettings> {
    const body = UpdatePaymentPolicyRequestSchema.parse(request);
    const asksForMoney = [body.policy, ...body.serviceOverrides.map((o) => o.policy)].some(
      (p) => p.kind !== 'none',
    );
    if (asksForMoney && !(await this.accounts.enabledAccount(businessId))) {
      throw new DomainException(ErrorCode.PAYMENTS_NOT_ENABLED, PaymentMessages.notEnabled);
    }
    const own = new Set((await this.catalog.listAll(businessId)).map((s) => s.id));
    const foreign = body.serviceOverrides.find((o) => !own.has(o.serviceId));
    if (foreign) {
      // Another business's service is simply not found (tenant isolation).
      throw new DomainException(ErrorCode.SERVICE_NOT_FOUND, ErrorMessages.serviceNotFound);
    }
    await this.dataSource.transaction(async (em) => {
      await em.delete(PaymentPolicyEntity, { businessId });
      await em.insert(PaymentPolicyEntity, [
        { businessId, serviceId: null, policy: body.policy },
        ...body.serviceOverrides.map((o) => ({
          businessId,
          serviceId: o.serviceId,
          policy: o.policy,
        })),
      ]);
    });
    return this.settings(businessId);
  }
}
