// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  type Business,
  type Service,
  type StaffMember,
  type SubscriptionStatus,
} from '@slotwise/contracts';
import { type Handler } from '../../../testing/fake-api';
import { testBusiness } from '../../../testing/business';
import { renderWithApi } from '../../../testing/render';
import { toasts } from '../../../testing/screen';
import { SubscriptionCard } from './SubscriptionCard';
import { pausedOnFree } from '../lapse';

vi.mock('../../owner/OwnerContext', () => ({
  useOwner: () => ({ session: { accessToken: 'token', user: { id: 'u1', email: 'o@x.com' } } }),
}));

const business: Business = {
  ...testBusiness,
  subscriptionPlan: 'professional',
};

// The paid period ends at 9:00 AM on 5 March 2027 in Sydney (22:00 UTC the day before).
const active: SubscriptionStatus = {
  status: 'active',
  plan: 'professional',
  currentPeriodEnd: Date.UTC(2027, 2, 4, 22) / 1000,
  cancelAtPeriodEnd: false,
  complimentary: false,
  paused: { staff: [], services: [] },
};

const member = (id: number, name: string, isActive = true): StaffMember => ({
  id,
  businessId: 4,
  name,
  firstName: name.split(' ')[0]!,
  lastName: name.split(' ')[1]!,
  position: null,
  email: null,
  phone: null,
  bio: null,
  avatar: null,
  isActive,
  serviceIds: [],
});
const service = (id: number, name: string, isActive = true): Service => ({
  id,
  businessId: 4,
  name,
  description: null,
  price: 5000,
  duration: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  isActive,
});

const STATUS = 'GET /api/subscription-status';
const CANCEL = 'POST /api/cancel-subscription';

function show(routes: Record<string, Handler>) {
  return renderWithApi(
    <MemoryRouter>
      <SubscriptionCard business={business} />
    </MemoryRouter>,
    {
      [STATUS]: { body: active },
      [CANCEL]: { body: { ...active, cancelAtPeriodEnd: true } },
      // Listed newest first on purpose: the oldest are kept whatever the order.
      'GET /api/business/4/staff': {
        body: [member(12, 'Ava Chen'), member(11, 'Noah Kim'), member(10, 'Mia Owner')],
      },
      'GET /api/business/4/services': {
        body: [service(22, 'Colour'), service(21, 'Cut'), service(23, 'Old Perm', false)],
      },
      ...routes,
    },
  );
}

describe('cancelling the subscription', () => {
  it('asks first, saying until when Professional stays and what the Free plan will pause', async () => {
    const { api } = show({});
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel your Professional subscription?',
    });
    expect(api.calls('POST', '/api/cancel-subscription')).toEqual([]);
    expect(
      within(dialog).getByText(
        'Your business stays on Professional until 5 Mar 2027. The subscription will not renew.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'On 5 Mar 2027 your business moves to the Free plan: 1 staff member and 1 active service, and customers no longer get SMS reminders.',
      ),
    ).toBeTruthy();
    const paused = await within(dialog).findByRole('list');
    expect([...paused.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Staff: Noah Kim, Ava Chen',
      'Services: Colour',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Subscription Cancelled: You keep Professional until 5 Mar 2027; it will not renew.',
      ]),
    );
    expect(api.calls('POST', '/api/cancel-subscription')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes nothing when the owner keeps the subscription', async () => {
    const { api } = show({});
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST', '/api/cancel-subscription')).toEqual([]);
  });

  it('says so when the team already fits the Free plan', async () => {
    show({
      'GET /api/business/4/staff': {
        body: [member(10, 'Mia Owner'), member(11, 'Off Duty', false)],
      },
      'GET /api/business/4/services': { body: [service(21, 'Cut')] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Your staff and active services fit the Free plan, so nothing will be paused.',
      ),
    ).toBeTruthy();
  });
});

describe('pausedOnFree', () => {
  it('keeps the oldest active rows up to the Free limits, as the API pauses them', () => {
    const paused = pausedOnFree(
      [member(3, 'C Three'), member(1, 'A One', false), member(2, 'B Two')],
      [service(5, 'Five'), service(4, 'Four')],
    );
    expect(paused.staff.map((s) => s.name)).toEqual(['C Three']);
    expect(paused.services.map((s) => s.name)).toEqual(['Five']);
  });
});
