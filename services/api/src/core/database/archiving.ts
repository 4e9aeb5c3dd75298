import type { EntityManager, EntityTarget } from 'typeorm';
import type { PlanLimitedRow } from './columns.js';

/**
 * The owner's delete of a plan-limited row (a service, a staff member): deleted, or archived while
 * history (appointments) points at it: switched off, then soft-deleted, so it is gone from every
 * list and history keeps its name.
 */
export async function deleteOrArchive(
  em: EntityManager,
  entity: EntityTarget<PlanLimitedRow>,
  id: number,
  referenced: boolean,
): Promise<void> {
  if (referenced) {
    await em.update(entity, { id }, { isActive: false });
    await em.softDelete(entity, { id });
  } else {
    await em.delete(entity, { id });
  }
}
