import type { EntityManager } from 'typeorm';

/**
 * Pausing by plan, for the tables a plan limits (services, staff_members: both have business_id,
 * is_active, plan_paused_at, deleted_at, created_at). Each owning module calls these on its own
 * table. A pause never deletes: the row is switched off and marked, so every public list,
 * availability and booking skips it through the same `is_active` filter as always.
 */
export type PlanLimitedTable = 'services' | 'staff_members';

/** Active rows beyond `keep` (the newest; the oldest stay) are switched off and marked paused. */
export async function pauseBeyond(
  em: EntityManager,
  table: PlanLimitedTable,
  businessId: number,
  keep: number | null,
): Promise<void> {
  if (keep === null) return;
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

/** Paused rows come back, oldest first, up to `max` active rows (null: no limit). */
export async function restorePaused(
  em: EntityManager,
  table: PlanLimitedTable,
  businessId: number,
  max: number | null,
): Promise<void> {
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
