import { describe, expect, it } from 'vitest';
import { historyLine } from './activity-text.js';

describe('historyLine', () => {
  it("says who did what, at the business's local time", () => {
    const mia = { kind: 'user', userId: 'u1', name: 'Mia' } as const;
    // 04:12 UTC is 3:12 PM in Sydney (AEDT) on Tuesday 5 January 2027.
    expect(
      historyLine(
        { kind: 'moved', actor: mia, at: '2027-01-05T04:12:00Z', details: {} },
        'Australia/Sydney',
      ),
    ).toBe('Moved by Mia, Tue 5 Jan, 3:12 PM');
    expect(
      historyLine(
        {
          kind: 'created',
          actor: { kind: 'customer', userId: null, name: 'Jo Citizen' },
          at: '2027-01-05T04:12:00Z',
          details: {},
        },
        'Australia/Perth',
      ),
    ).toBe('Booked by Jo Citizen (customer), Tue 5 Jan, 12:12 PM');
    expect(
      historyLine(
        {
          kind: 'status',
          actor: mia,
          at: '2027-01-05T04:12:00Z',
          details: { status: 'completed' },
        },
        'Australia/Sydney',
      ),
    ).toBe('Marked completed by Mia, Tue 5 Jan, 3:12 PM');
  });
});
