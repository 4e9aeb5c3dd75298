import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PAYMENTS_SETTINGS_PATH,
  type PaymentsConnectResponse,
  type PaymentsState,
  type PaymentsStatus,
} from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { publicLink } from '../../../core/http/public-url.js';
import type { OwnedBusinessRef } from '../../business/index.js';
import { ConnectedAccountEntity } from '../entities/payment-tables.entity.js';
import { PaymentsStripe } from './payments-stripe.service.js';

/** What `account.updated` carries that we keep. */
interface StripeAccountView {
  id: string;
  charges_enabled?: boolean;
  payouts_enabled?: boolean;
  details_submitted?: boolean;
  requirements?: { currently_due?: string[] | null } | null;
}

/**
 * Each business's Stripe Connect Express account: created on the owner's first 'Connect with
 * Stripe', onboarded on Stripe's pages (Account Links), and known to be able to take charges
 * only from `account.updated`.
 */
@Injectable()
export class ConnectAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: PaymentsStripe,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  find(businessId: number, em: EntityManager = this.dataSource.manager) {
    return em.findOneBy(ConnectedAccountEntity, { businessId });
  }

  /** The account able to take charges now, or null (not configured, not connected, onboarding). */
  async enabledAccount(businessId: number): Promise<ConnectedAccountEntity | null> {
    if (!this.payments.configured) return null;
    const account = await this.find(businessId);
    return account?.chargesEnabled ? account : null;
  }

  stateOf(account: ConnectedAccountEntity | null): PaymentsState {
    if (!this.payments.configured) return 'not_configured';
    if (!account) return 'not_connected';
    return account.chargesEnabled ? 'enabled' : 'onboarding';
  }

  async status(businessId: number): Promise<PaymentsStatus> {
    const account = await this.find(businessId);
    return {
      state: this.stateOf(account),
      accountId: account?.accountId ?? null,
      chargesEnabled: account?.chargesEnabled ?? false,
      payoutsEnabled: account?.payoutsEnabled ?? false,
      requirements: account?.requirements ?? [],
      platformFeePercent: this.payments.platformFeePercent,
    };
  }

  /**
   * Stripe's onboarding link. The account is created once per business (the idempotency key and
   * the primary key see to a double click); each call makes a fresh link, since links expire.
   */
  async connect(owned: OwnedBusinessRef): Promise<PaymentsConnectResponse> {
    let account = await this.find(owned.id);
    if (!account) {
      const created = await this.payments.call('accounts.create', (stripe) =>
        stripe.accounts.create(
          {
            type: 'express',
            country: 'AU',
            email: owned.business.email ?? undefined,
            business_profile: { name: owned.business.name },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { businessId: String(owned.id) },
          },
          { idempotencyKey: `connect-account-${owned.id}` },
        ),
      );
      await this.dataSource.query(
        `INSERT INTO stripe_connected_accounts (business_id, account_id) VALUES ($1, $2)
         ON CONFLICT (business_id) DO NOTHING`,
        [owned.id, created.id],
      );
      account = (await this.find(owned.id))!;
      await this.apply(this.dataSource.manager, created as StripeAccountView);
    }
    const settings = (stripe: 'return' | 'refresh') =>
      publicLink(this.config.PUBLIC_URL, `${PAYMENTS_SETTINGS_PATH}?stripe=${stripe}`);
    const link = await this.payments.call('accountLinks.create', (stripe) =>
      stripe.accountLinks.create({
        account: account.accountId,
        type: 'account_onboarding',
        return_url: settings('return'),
        refresh_url: settings('refresh'),
      }),
    );
    return { url: link.url };
  }

  /** `account.updated` (or the account as created): what it can do and what Stripe still needs. */
  async apply(em: EntityManager, account: StripeAccountView): Promise<void> {
    await em.query(
      `UPDATE stripe_connected_accounts
          SET charges_enabled = $2, payouts_enabled = $3, details_submitted = $4,
              requirements = $5::jsonb, updated_at = now()
        WHERE account_id = $1`,
      [
        account.id,
        account.charges_enabled ?? false,
        account.payouts_enabled ?? false,
        account.details_submitted ?? false,
        JSON.stringify(account.requirements?.currently_due ?? []),
      ],
    );
  }
}
