import { describe, expect, it } from 'vitest';
import { type OwnerAppointment } from '@slotwise/contracts';
import {
  TABLE_PAGE_SIZE,
  appointmentsListQuery,
  freshestCopy,
  RANGE_ORDER_ERROR,
  listPages,
  rangeWindow,
  replaceAppointment,
  soonestOf,
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

describe('Today and Upcoming: the soonest of a window', () => {
  const at = (id: number, date: string) => ({ id, date }) as OwnerAppointment;
  const all = Array.from({ length: 10 }, (_, i) =>
    at(i + 1, new Date(Date.UTC(2027, 0, 10 + i)).toISOString()),
  );
  /** The API: the window's appointments, newest first, `limit` at most. */
  const api = (filter: { from?: string; to?: string }, limit: number) =>
    Promise.resolve(
      all
        .filter((a) => a.date >= filter.from! && a.date < filter.to!)
        .sort((x, y) => y.date.localeCompare(x.date))
        .slice(0, limit),
    );
  const window = {
    q: '',
    statuses: [],
    from: '2027-01-01T00:00:00.000Z',
    to: '2028-01-01T00:00:00.000Z',
  };

  it('narrows the window when a full page may have left out the earliest', async () => {
    const seen: string[] = [];
    const got = await soonestOf(
      (filter, limit) => {
        seen.push(filter.to!);
        return api(filter, limit);
      },
      window,
      3,
      4,
    );
    expect(got.map((a) => a.id)).toEqual([1, 2, 3]);
    // 10 → 4 newest (7-10), cut at the 7th, 4 more (3-6), cut at the 3rd, then 1-2: room to spare.
    expect(seen).toEqual([window.to, all[6]!.date, all[2]!.date]);
  });

  it('asks once when the first page has room to spare', async () => {
    let asked = 0;
    const got = await soonestOf(
      (filter, limit) => {
        asked++;
        return api(filter, limit);
      },
      window,
      5,
      500,
    );
    expect(got.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toBe(1);
  });
});

describe("the table's date range", () => {
  it("runs from the first day's midnight to the midnight after the last, in the business's zone", () => {
    expect(rangeWindow('2027-01-05', '2027-01-06', 'Australia/Sydney')).toEqual({
      from: '2027-01-04T13:00:00.000Z',
      to: '2027-01-06T13:00:00.000Z',
      error: null,
    });
    expect(rangeWindow('', '2027-07-06', 'Australia/Sydney')).toEqual({
      to: '2027-07-06T14:00:00.000Z',
      error: null,
    });
    expect(rangeWindow('', '', 'Australia/Sydney')).toEqual({ error: null });
    expect(rangeWindow('2027-01-06', '2027-01-05', 'Australia/Sydney')).toEqual({
      error: RANGE_ORDER_ERROR,
    });
  });

  it('asks the server for the window', () => {
    expect(
      appointmentsListQuery(
        { q: '', statuses: [], from: '2027-01-04T13:00:00.000Z', to: '2027-01-06T13:00:00.000Z' },
        { limit: 51, offset: 0 },
      ),
    ).toEqual({ limit: 51, from: '2027-01-04T13:00:00.000Z', to: '2027-01-06T13:00:00.000Z' });
  });
});
