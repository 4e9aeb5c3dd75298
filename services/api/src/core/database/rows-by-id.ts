import { type EntityManager, type EntityTarget, type FindOptionsWhere, In } from 'typeorm';

/**
 * Rows by id, each fetched once, archived ones included (history keeps naming what it points at):
 * for showing many appointments with their services, staff and customers in one query per table.
 */
export async function rowsById<Row extends { id: number }>(
  em: EntityManager,
  entity: EntityTarget<Row>,
  ids: readonly number[],
): Promise<Map<number, Row>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const where = { id: In(unique) } as FindOptionsWhere<Row>;
  const rows = await em.find(entity, { where, withDeleted: true });
  return new Map(rows.map((row) => [row.id, row]));
}
