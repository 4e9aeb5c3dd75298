// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@slotwise/contracts';
import { errorReply } from '../../../testing/fake-api';
import { renderWithApi } from '../../../testing/render';
import { ActivityTab } from './ActivityTab';

const URL = 'GET /api/business/4/activity';
const mia = { kind: 'user', userId: 'u1', name: 'mia@salon.example' } as const;
const entry = (id: number, summary: string, subject: ActivityEntry['subject']): ActivityEntry => ({
  id,
  subject,
  subjectId: subject === 'hours' ? null : 7,
  action: 'updated',
  summary,
  actor: mia,
  // 3:12 PM in Sydney on Tuesday 5 January 2027.
  at: '2027-01-05T04:12:00.000Z',
});

const rows = () =>
  [...screen.getByRole('list', { name: 'Activity' }).querySelectorAll('li')].map(
    (li) => li.textContent,
  );

describe('Settings → Activity', () => {
  it('lists who changed what in the business’s zone, then older pages on request', async () => {
    const view = renderWithApi(<ActivityTab businessId={4} timeZone="Australia/Sydney" />, {
      [URL]: (r) =>
        r.query.before === 30
          ? { body: { entries: [entry(29, 'Business hours changed', 'hours')], nextBefore: null } }
          : {
              body: {
                entries: [
                  entry(31, 'Appointment moved', 'appointment'),
                  entry(30, 'Service Cut updated', 'service'),
                ],
                nextBefore: 30,
              },
            },
    });
    expect(screen.getByLabelText('Loading activity')).toBeTruthy();
    await screen.findByText('Service Cut updated');
    expect(rows()).toEqual([
      'AppointmentAppointment moved (#7)by mia@salon.example · Tue 5 Jan, 3:12 PM',
      'ServiceService Cut updatedby mia@salon.example · Tue 5 Jan, 3:12 PM',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    await screen.findByText('Business hours changed');
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(view.api.seen.map((r) => r.query)).toEqual([{ limit: 25 }, { limit: 25, before: 30 }]);
  });

  it('says when nothing has changed yet', async () => {
    renderWithApi(<ActivityTab businessId={4} timeZone="Australia/Sydney" />, {
      [URL]: { body: { entries: [], nextBefore: null } },
    });
    await screen.findByText(/Nothing has changed yet/);
  });

  it('shows an error with a retry when the log cannot be read', async () => {
    renderWithApi(<ActivityTab businessId={4} timeZone="Australia/Sydney" />, {
      [URL]: errorReply(500, 'Something went wrong', 'INTERNAL_ERROR'),
    });
    await screen.findByText('Could not load the activity');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
