import { describe, expect, it } from 'vitest';
import { STAFF_FULLY_BOOKED, formatNotice, noTimesReason } from './no-times-reason';

const context = {
  businessName: 'Harbour Hair Studio',
  staff: null,
  window: { minNoticeMinutes: 60, maxAdvanceDays: 180 },
};

describe('why a day has no times', () => {
  it('says no times are left on an open day the service does not fit, not that it is closed', () => {
    expect(noTimesReason('no_times_left', context)).toBe(
      "No times left on this date: the service does not fit in Harbour Hair Studio's hours that day. Please choose another date.",
    );
  });

  it('has one text per status', () => {
    expect(noTimesReason('closed', context)).toBe(
      'Harbour Hair Studio is closed on this date. Please choose another date.',
    );
    expect(noTimesReason('outside_window', context)).toBe(
      "Online booking isn't open for this date. You can book up to 180 days ahead, at least 1 hour before the start.",
    );
    expect(noTimesReason('fully_booked', context)).toBe(
      'This date is fully booked. Please select another date.',
    );
    // The days still said 'available': it filled since.
    expect(noTimesReason('available', context)).toBe(
      'This date is fully booked. Please select another date.',
    );
  });

  it('names the person a full day belongs to', () => {
    expect(noTimesReason('fully_booked', { ...context, staff: { kind: 'chosen' } })).toBe(
      STAFF_FULLY_BOOKED,
    );
    expect(
      noTimesReason('fully_booked', { ...context, staff: { kind: 'fixed', name: 'Mia Nguyen' } }),
    ).toBe('This date is fully booked for Mia Nguyen. Please select another date.');
  });

  it('says the person is not working when the business is open, never that it is closed', () => {
    expect(
      noTimesReason('staff_not_working', { ...context, staff: { kind: 'chosen', name: 'Mia' } }),
    ).toBe("Mia isn't working on this date. Try another date or another staff member.");
    expect(noTimesReason('staff_not_working', { ...context, staff: { kind: 'chosen' } })).toBe(
      "The selected staff member isn't working on this date. Try another date or another staff member.",
    );
    expect(
      noTimesReason('staff_not_working', {
        ...context,
        staff: { kind: 'fixed', name: 'Mia Nguyen' },
      }),
    ).toBe("Mia Nguyen isn't working on this date. Please select another date.");
    expect(noTimesReason('staff_not_working', context)).toBe(
      'No staff member is working on this date. Please select another date.',
    );
    // A closed business is still called closed, whoever was chosen.
    expect(noTimesReason('closed', { ...context, staff: { kind: 'chosen', name: 'Mia' } })).toBe(
      'Harbour Hair Studio is closed on this date. Please choose another date.',
    );
  });

  it('words the booking window by what is known of it', () => {
    expect(noTimesReason('outside_window', { ...context, window: null })).toBe(
      "Online booking isn't open for this date.",
    );
    expect(
      noTimesReason('outside_window', {
        ...context,
        window: { minNoticeMinutes: 0, maxAdvanceDays: 1 },
      }),
    ).toBe("Online booking isn't open for this date. You can book up to 1 day ahead.");
  });

  it('without the status, blames only a chosen person’s full day, as before days were known', () => {
    expect(noTimesReason(undefined, context)).toBeNull();
    expect(
      noTimesReason(undefined, { ...context, staff: { kind: 'fixed', name: 'Mia' } }),
    ).toBeNull();
    expect(noTimesReason(undefined, { ...context, staff: { kind: 'chosen' } })).toBe(
      STAFF_FULLY_BOOKED,
    );
  });

  it('writes the notice in the largest whole unit', () => {
    expect(formatNotice(1)).toBe('1 minute');
    expect(formatNotice(30)).toBe('30 minutes');
    expect(formatNotice(60)).toBe('1 hour');
    expect(formatNotice(90)).toBe('90 minutes');
    expect(formatNotice(120)).toBe('2 hours');
    expect(formatNotice(150)).toBe('2 hours 30 minutes');
    expect(formatNotice(200)).toBe('3 hours 20 minutes');
    expect(formatNotice(1440)).toBe('1 day');
    expect(formatNotice(2880)).toBe('2 days');
  });
});
