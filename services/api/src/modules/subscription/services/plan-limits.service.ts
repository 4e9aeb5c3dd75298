import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PLANS, type PausedItem, type SubscriptionPlan } from '@slotwise/contracts';
import { AppointmentMessageKind } from '../../booking-flows/index.js';
import { BusinessService } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { OutboxService } from '../../outbox/index.js';
import { StaffService } from '../../staff/index.js';
import { SubscriptionEntity } from '../entities/subscription.entity.js';

/**
 * Keeps a business's plan in step with its subscriptions: Professional only while a Professional
 * subscription is active. Dropping to Free never deletes anything: the staff and active services
 * beyond Free's limits are paused (each module pauses its own rows), and going back to
 * Professional restores them.
 */
@Injectable()
export class PlanLimitsService {
  constructor(
    private readonly businesses: BusinessService,
    private readonly catalog: CatalogService,
    private readonly staff: StaffService,
    private readonly outbox: OutboxService,
  ) {}

  /** Recomputes the plan inside the caller's transaction, with the business row locked. */
  async recompute(em: EntityManager, businessId: number): Promise<SubscriptionPlan | null> {
    // The same row lock the staff and service limit checks take, so they see one plan or the other.
    const business = await this.businesses.lock(em, businessId).catch(() => null);
    if (!business) return null;
    const active = await em.existsBy(SubscriptionEntity, {
      businessId,
      status: 'active',
      plan: 'professional',
    });
    const plan: SubscriptionPlan = active ? 'professional' : 'free';
    if (business.subscriptionPlan !== plan) await this.businesses.setPlan(em, businessId, plan);
    const limits = PLANS[plan];
    if (plan === 'free') {
      await this.catalog.pauseBeyond(em, businessId, limits.maxActiveServices);
      await this.staff.pauseBeyond(em, businessId, limits.maxStaff);
      // Automatic reminders are a Professional feature: the unsent ones go with the plan. Bookings
      // made after a later upgrade get reminders again; earlier ones keep their confirmation SMS.
      await this.outbox.withdraw(
        em,
        { kind: AppointmentMessageKind.reminder, businessId },
        'the business is no longer on Professional',
      );
    } else {
      await this.catalog.restorePaused(em, businessId, limits.maxActiveServices);
      await this.staff.restorePaused(em, businessId, limits.maxStaff);
    }
    return plan;
  }

  /** What the owner is told: which staff and services are paused by the plan. */
  async paused(
    em: EntityManager,
    businessId: number,
  ): Promise<{ staff: PausedItem[]; services: PausedItem[] }> {
    // One after another: `em` may be a transaction, i.e. one connection.
    const services = await this.catalog.paused(em, businessId);
    const staff = await this.staff.paused(em, businessId);
    return { staff, services };
  }
}
