import { describe, expect, it } from 'vitest';
import {
  clientName,
  clientPages,
  sharesLine,
  shownClients,
  visitsCount,
  visitsLine,
} from './clients';

const TZ = 'Australia/Sydney';

describe('the client list', () => {
  it('asks for the clients shown and one more, in pages the API accepts', () => {
    expect(clientPages(50)).toEqual([{ limit: 51 }]);
    expect(clientPages(100)).toEqual([{ limit: 100 }, { limit: 1, offset: 100 }]);
    expect(clientPages(150)).toEqual([{ limit: 100 }, { limit: 51, offset: 100 }]);
    expect(shownClients([1, 2, 3], 2)).toEqual({ rows: [1, 2], hasMore: true });
    expect(shownClients([1, 2], 2)).toEqual({ rows: [1, 2], hasMore: false });
  });

  it("says when a client last came and comes next, on the business's calendar", () => {
    // 11 PM on 4 January in UTC is 10 AM on 5 January in Sydney.
    expect(
      visitsLine({ lastVisit: '2027-01-04T23:00:00Z', nextVisit: '2027-02-01T00:00:00Z' }, TZ),
    ).toBe('Last visit 5 Jan 2027 · Next 1 Feb 2027');
    expect(visitsLine({ lastVisit: null, nextVisit: '2027-02-01T00:00:00Z' }, TZ)).toBe(
      'Next 1 Feb 2027',
    );
    expect(visitsLine({ lastVisit: null, nextVisit: null }, TZ)).toBe('No visits yet');
    // Past visits, with the bookings to come counted apart.
    expect([0, 1, 2].map((visits) => visitsCount({ visits, upcomingVisits: 0 }))).toEqual([
      '0 visits',
      '1 visit',
      '2 visits',
    ]);
    expect(visitsCount({ visits: 2, upcomingVisits: 1 })).toBe('2 visits · 1 upcoming');
    expect(clientName({ firstName: 'Cher', lastName: '' })).toBe('Cher');
    expect(clientName({ firstName: ' ', lastName: '' })).toBe('Unnamed client');
  });

  it('marks a client whose number another client shares (decision 35)', () => {
    expect(sharesLine({ sharesNumberWith: [] })).toBeNull();
    expect(sharesLine({ sharesNumberWith: [{ id: 2, name: 'Olivia Brown' }] })).toBe(
      'Shares a number with Olivia Brown',
    );
    expect(
      sharesLine({
        sharesNumberWith: [
          { id: 2, name: 'Olivia Brown' },
          { id: 3, name: 'Max Brown' },
          { id: 4, name: 'Ann Lee' },
        ],
      }),
    ).toBe('Shares a number with Olivia Brown, Max Brown and Ann Lee');
  });
});
