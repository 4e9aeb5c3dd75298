// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type Business, PLANS, planFeatures } from '@slotwise/contracts';
import { testBusiness } from '../../../testing/business';
import { renderWithApi } from '../../../testing/render';
import { SubscriptionCard } from './SubscriptionCard';

vi.mock('../../owner/OwnerContext', () => ({
  useOwner: () => ({ session: { accessToken: 'token', user: { id: 'u1', email: 'o@x.com' } } }),
}));

const free: Business = { ...testBusiness, subscriptionPlan: 'free' };

describe("the subscription card's plan features", () => {
  it('lists the Free plan as the pricing page does, SMS confirmations included', async () => {
    renderWithApi(
      <MemoryRouter>
        <SubscriptionCard business={free} />
      </MemoryRouter>,
      {
        'GET /api/subscription-status': {
          body: {
            status: 'none',
            plan: 'free',
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
            complimentary: false,
            paused: { staff: [], services: [] },
          },
        },
      },
    );
    await screen.findByText('Free Plan');
    const items = [...document.querySelectorAll('.dash-features li')].map((li) => li.textContent);
    expect(items).toEqual(planFeatures(PLANS.free));
    expect(items).toContain('SMS booking confirmations with cancel and reschedule links');
    expect(items).not.toContain('Basic email notifications only');
  });
});
