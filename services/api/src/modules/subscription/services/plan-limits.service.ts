import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PLANS, type PausedItem, type SubscriptionPlan } from '@slotwise/contracts';

/**
 * Keeps a business's plan in step with its subscriptions (decision 18, spec section 4): Professional
 * only while a Professional subscription is active. Dropping to Free never deletes anything: the
 * staff and active services beyond Free's limits (the newest ones; the oldest are kept) are paused,
 * i.e. made inactive and marked `plan_paused_at`, so public lists, availability and new bookings
 * skip them through the same `is_active` filter as always. Going back to Professional restores them.
 */
@Injectable()
export class PlanLimitsService {
  /** Recomputes the plan inside the caller's transaction, with the business row locked. */
  async recompute(em: EntityManager, businessId: number): Promise<SubscriptionPlan | null> {
    // The same row lock the staff and service limit checks take, so they see one plan or the other.
    const rows: { subscription_plan: SubscriptionPlan }[] = await em.query(
      `SELECT subscription_plan FROM businesses WHERE id = $1 FOR UPDATE`,
      [businessId],
    );
    if (rows.length === 0) return null;
    const [exists] = (await em.query(
      `SELECT EXISTS (
         SELECT 1 FROM subscriptions
         WHERE business_id = $1 AND status = 'active' AND plan = 'professional'
       ) AS active`,
      [businessId],
    )) as { active: boolean }[];
    const plan: SubscriptionPlan = exists?.active ? 'professional' : 'free';
    if (rows[0]!.subscription_plan !== plan) {
      await em.query(
        `UPDATE businesses SET subscription_plan = $2, updated_at = now() WHERE id = $1`,
        [businessId, plan],
      );
    }
    if (plan === 'free') {
      await this.pauseExtras(em, businessId);
      await this.withdrawReminders(em, businessId);
    } else await this.restorePaused(em, businessId, plan);
    return plan;
  }

  /**
   * Automatic reminders are a Professional feature (decision 12): the ones not yet sent are
   * withdrawn with the plan (the worker only claims 'pending' and 'queued' rows). Bookings made
   * after a later upgrade get reminders again; earlier ones keep their confirmation SMS only.
   */
  private async withdrawReminders(em: EntityManager, businessId: number): Promise<void> {
    await em.query(
      `UPDATE outbox
          SET status = 'cancelled', last_error = 'withdrawn: the business is no longer on Professional',
              updated_at = now()
        WHERE business_id = $1 AND kind = 'reminder' AND status IN ('pending', 'queued')`,
      [businessId],
    );
  }

  private async pauseExtras(em: EntityManager, businessId: number): Promise<void> {
    const free = PLANS.free;
    for (const [table, keep] of [
      ['services', free.maxActiveServices],
      ['staff_members', free.maxStaff],
    ] as const) {
      if (keep === null) continue;
      await em.query(
        `UPDATE ${table} SET is_active = false, plan_paused_at = now(), updated_at = now()
         WHERE id IN (
           SELECT id FROM ${table}
           WHERE business_id = $1 AND is_active AND deleted_at IS NULL
           ORDER BY created_at, id OFFSET $2
         )`,
        [businessId, keep],
      );
    }
  }

  /** Oldest first, up to the plan's limits (the owner may have switched others on meanwhile). */
  private async restorePaused(
    em: EntityManager,
    businessId: number,
    plan: SubscriptionPlan,
  ): Promise<void> {
    const limits = PLANS[plan];
    for (const [table, max] of [
      ['services', limits.maxActiveServices],
      ['staff_members', limits.maxStaff],
    ] as const) {
      await em.query(
        `UPDATE ${table} SET is_active = true, plan_paused_at = NULL, updated_at = now()
         WHERE id IN (
           SELECT id FROM ${table}
           WHERE business_id = $1 AND plan_paused_at IS NOT NULL AND NOT is_active
             AND deleted_at IS NULL
           ORDER BY created_at, id
           LIMIT GREATEST(0, $2::int - (
             SELECT count(*)::int FROM ${table}
             WHERE business_id = $1 AND is_active AND deleted_at IS NULL
           ))
         )`,
        [businessId, max ?? 1_000_000],
      );
    }
  }

  /** What the owner is told: which staff and services are paused by the plan. */
  async paused(
    em: EntityManager,
    businessId: number,
  ): Promise<{ staff: PausedItem[]; services: PausedItem[] }> {
    const services: PausedItem[] = await em.query(
      `SELECT id, name FROM services
       WHERE business_id = $1 AND plan_paused_at IS NOT NULL AND NOT is_active
         AND deleted_at IS NULL
       ORDER BY created_at, id`,
      [businessId],
    );
    const staff: PausedItem[] = await em.query(
      `SELECT id, trim(first_name || ' ' || last_name) AS name FROM staff_members
       WHERE business_id = $1 AND plan_paused_at IS NOT NULL AND NOT is_active
         AND deleted_at IS NULL
       ORDER BY created_at, id`,
      [businessId],
    );
    return { staff, services };
  }
}
