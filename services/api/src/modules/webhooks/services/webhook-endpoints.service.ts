import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type CreateWebhookInput,
  ErrorCode,
  type UpdateWebhookInput,
  WEBHOOK_LIMITS,
  WEBHOOK_LOG_DAYS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { WebhookDeliveryEntity } from '../entities/webhook-delivery.entity.js';
import { WebhookEndpointEntity } from '../entities/webhook-endpoint.entity.js';
import { checkWebhookUrl, WebhookUrlRefused } from './webhook-address.js';
import { newMessageId, WebhookEvents } from './webhook-events.service.js';

export const DISABLED_BY_OWNER = 'Disabled by the owner';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEndpointDto(e: WebhookEndpointEntity): WebhookEndpoint {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    secret: e.secret,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    failingSince: iso(e.failingSince),
    createdAt: e.createdAt.toISOString(),
  };
}

export function toDeliveryDto(d: WebhookDeliveryEntity): WebhookDelivery {
  return {
    id: d.id,
    messageId: d.messageId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    responseCode: d.responseCode,
    lastError: d.lastError,
    nextAttemptAt: ['pending', 'queued'].includes(d.status) ? iso(d.nextAttemptAt) : null,
    deliveredAt: iso(d.deliveredAt),
    createdAt: d.createdAt.toISOString(),
    payload: d.payload,
  };
}

const notFound = () => new DomainException(ErrorCode.NOT_FOUND, 'Webhook endpoint not found');

/** The owner's endpoints, their delivery log, resends and test events. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly events: WebhookEvents,
  ) {}

  private get endpoints() {
    return this.dataSource.getRepository(WebhookEndpointEntity);
  }

  private get deliveryRows() {
    return this.dataSource.getRepository(WebhookDeliveryEntity);
  }

  async list(businessId: number): Promise<WebhookEndpoint[]> {
    const rows = await this.endpoints.find({ where: { businessId }, order: { id: 'ASC' } });
    return rows.map(toEndpointDto);
  }

  async create(businessId: number, input: CreateWebhookInput): Promise<WebhookEndpoint> {
    const url = await this.checkedUrl(input.url);
    if ((await this.endpoints.countBy({ businessId })) >= WEBHOOK_LIMITS.perBusiness) {
      throw new ValidationFailedException(
        `A business can have at most ${WEBHOOK_LIMITS.perBusiness} webhook endpoints`,
      );
    }
    const saved = await this.endpoints.save(
      this.endpoints.create({
        businessId,
        url,
        description: input.description || null,
        events: input.events,
        secret: `whsec_${randomBytes(24).toString('base64')}`,
        enabled: true,
      }),
    );
    return toEndpointDto(saved);
  }

  async update(
    businessId: number,
    id: number,
    input: UpdateWebhookInput,
  ): Promise<WebhookEndpoint> {
    const endpoint = await this.find(businessId, id);
    if (input.url !== undefined) endpoint.url = await this.checkedUrl(input.url);
    if (input.events !== undefined) endpoint.events = input.events;
    if (input.description !== undefined) endpoint.description = input.description || null;
    if (input.enabled === true) {
      Object.assign(endpoint, { enabled: true, disabledReason: null, failingSince: null });
    } else if (input.enabled === false && endpoint.enabled) {
      Object.assign(endpoint, { enabled: false, disabledReason: DISABLED_BY_OWNER });
    }
    return toEndpointDto(await this.endpoints.save(endpoint));
  }

  async remove(businessId: number, id: number): Promise<void> {
    await this.find(businessId, id);
    await this.endpoints.delete({ id, businessId });
  }

  async deliveries(businessId: number, id: number): Promise<WebhookDelivery[]> {
    await this.find(businessId, id);
    const rows = await this.deliveryRows
      .createQueryBuilder('d')
      .where('d.endpoint_id = :id', { id })
      .andWhere(`d.created_at > now() - make_interval(days => :days)`, { days: WEBHOOK_LOG_DAYS })
      .orderBy('d.id', 'DESC')
      .limit(200)
      .getMany();
    return rows.map(toDeliveryDto);
  }

  /**
   * Sends a delivery again with the same `webhook-id` (receivers may drop it as a duplicate, as
   * the spec intends for one message) and a fresh retry schedule. One still on its way is left.
   */
  async resend(businessId: number, id: number, deliveryId: number): Promise<WebhookDelivery> {
    const endpoint = await this.find(businessId, id);
    this.mustBeEnabled(endpoint);
    await this.deliveryRows.query(
      `UPDATE webhook_deliveries
          SET status = 'pending', attempts = 0, next_attempt_at = $3, last_error = NULL,
              claimed_at = NULL, updated_at = now()
        WHERE id = $1 AND endpoint_id = $2 AND status IN ('succeeded', 'failed')`,
      [deliveryId, id, toDate(this.clock.now())],
    );
    const row = await this.deliveryRows.findOneBy({ id: deliveryId, endpointId: id });
    if (!row) throw new DomainException(ErrorCode.NOT_FOUND, 'Delivery not found');
    return toDeliveryDto(row);
  }

  /** A `webhook.test` event for this endpoint alone, delivered like any other. */
  async test(businessId: number, id: number): Promise<WebhookDelivery> {
    const endpoint = await this.find(businessId, id);
    this.mustBeEnabled(endpoint);
    const row = await this.deliveryRows.save(
      this.deliveryRows.create({
        businessId,
        endpointId: id,
        messageId: newMessageId(),
        eventType: WEBHOOK_TEST_EVENT,
        payload: this.events.payload(WEBHOOK_TEST_EVENT, {
          message: 'A test event from Slotwise',
          endpointId: id,
        }),
        nextAttemptAt: toDate(this.clock.now()),
      }),
    );
    return toDeliveryDto(row);
  }

  private mustBeEnabled(endpoint: WebhookEndpointEntity): void {
    if (!endpoint.enabled) {
      throw new ValidationFailedException('Enable the endpoint before sending to it');
    }
  }

  private async find(businessId: number, id: number): Promise<WebhookEndpointEntity> {
    const endpoint = await this.endpoints.findOneBy({ id, businessId });
    if (!endpoint) throw notFound();
    return endpoint;
  }

  private async checkedUrl(raw: string): Promise<string> {
    try {
      return (await checkWebhookUrl(raw, this.config.WEBHOOKS_ALLOW_LOOPBACK)).toString();
    } catch (error) {
      if (!(error instanceof WebhookUrlRefused)) throw error;
      throw new ValidationFailedException(error.message, [{ path: 'url', message: error.message }]);
    }
  }
}
