import { PLANS } from '@slotwise/contracts';

interface Limited {
  id: number;
  name: string;
  isActive: boolean;
}

/**
 * What the Free plan's limits would pause if the business lapsed today: the active staff and
 * services beyond them, newest first to go, as the API pauses them (it keeps the oldest; ids
 * follow the order rows were created in).
 */
export function pausedOnFree(
  staff: readonly Limited[],
  services: readonly Limited[],
): { staff: Limited[]; services: Limited[] } {
  const beyond = (rows: readonly Limited[], keep: number | null) =>
    keep === null
      ? []
      : rows
          .filter((r) => r.isActive)
          .sort((a, b) => a.id - b.id)
          .slice(keep);
  return {
    staff: beyond(staff, PLANS.free.maxStaff),
    services: beyond(services, PLANS.free.maxActiveServices),
  };
}
