import { describe, expect, it } from 'vitest';
import { type OwnerAppointment } from '@slotwise/contracts';
import {
  TABLE_PAGE_SIZE,
  appointmentsListQuery,
  freshestCopy,
  listPages,
  replaceAppointment,
  tableRequestCount,
  tableRows,
} from './list';

const appointment = (id: number, status: OwnerAppointment['status'] = 'confirmed') =>
  ({ id, status }) as OwnerAppointment;

describe('the table and recent list requests', () => {
  it('asks for one page, searched and filtered, with the statuses in a stable order', () => {
    expect(appointmentsListQuery({ q: '', statuses: [] }, { limit: 5, offset: 0 })).toEqual({
      limit: 5,
    });
    expect(
      appointmentsListQuery(
        { q: '  Zara Quinn ', statuses: ['pending', 'confirmed'] },
        { limit: 51, offset: 500 },
      ),
    ).toEqual({ limit: 51, offset: 500, q: 'Zara Quinn', status: 'confirmed,pending' });
  });

  it('splits a long request into pages the API accepts', () => {
    expect(listPages(5)).toEqual([{ limit: 5, offset: 0 }]);
    expect(listPages(1201, 500)).toEqual([
      { limit: 500, offset: 0 },
      { limit: 500, offset: 500 },
      { limit: 201, offset: 1000 },
    ]);
    expect(listPages(0)).toEqual([]);
  });

  it("shows whole pages and offers 'Load more' only when a further row exists", () => {
    const rows = Array.from({ length: TABLE_PAGE_SIZE + 1 }, (_, i) => appointment(i + 1));
    expect(tableRequestCount(1)).toBe(TABLE_PAGE_SIZE + 1);
    expect(tableRequestCount(3)).toBe(3 * TABLE_PAGE_SIZE + 1);
    const first = tableRows(rows, 1);
    expect(first.rows).toHaveLength(TABLE_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const exact = tableRows(rows.slice(0, TABLE_PAGE_SIZE), 1);
    expect(exact.hasMore).toBe(false);
    expect(tableRows(rows, 2)).toEqual({ rows, hasMore: false });
  });
});

describe('cached copies of an appointment', () => {
  it('replaces the changed appointment in the lists that hold it, leaves the rest alone', () => {
    const list = [appointment(1), appointment(2)];
    const updated = appointment(2, 'completed');
    expect(replaceAppointment(list, updated)).toEqual([appointment(1), updated]);
    expect(replaceAppointment([appointment(3)], updated)).toBeUndefined();
    expect(replaceAppointment({ today: 1, confirmed: 2, pending: 0 }, updated)).toBeUndefined();
    expect(replaceAppointment(undefined, updated)).toBeUndefined();
  });

  it('finds the most recently fetched copy among lists and windows', () => {
    const old = appointment(4, 'pending');
    const fresh = appointment(4, 'confirmed');
    expect(
      freshestCopy(
        [
          { data: [old], updatedAt: 100 },
          { data: { today: 1 }, updatedAt: 500 },
          { data: [appointment(5), fresh], updatedAt: 300 },
          { data: undefined, updatedAt: 0 },
        ],
        4,
      ),
    ).toBe(fresh);
    expect(freshestCopy([{ data: [old], updatedAt: 1 }], 9)).toBeUndefined();
  });
});
