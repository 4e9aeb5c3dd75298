// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient } from '@slotwise/api-client';
import { type Membership, type Role } from '@slotwise/contracts';
import { useSessionStore } from '../session/session-store';
import { fakeApi } from '../testing/fake-api';
import { Header } from './Header';

const current: { client: ApiClient | null } = { client: null };
vi.mock('../api/shell-api', () => ({
  useShellApi: () => current.client,
  shellApi: async () => current.client,
}));

const SESSION = { accessToken: 'access', user: { id: 'u1', email: 'mia@example.com' } };
const membership = (businessId: number, businessName: string, role: Role): Membership => ({
  businessId,
  businessName,
  role,
  staffMemberId: role === 'owner' ? null : 3,
});

function renderHeader(memberships: Membership[]) {
  current.client = fakeApi({ 'GET /api/me/memberships': { body: memberships } }).client;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Header />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens the phone menu and answers its account section's links once the role has loaded. */
async function drawerLinks(roleText: string): Promise<string[]> {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  await within(drawer).findByText(roleText);
  return within(drawer)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ status: 'signed-in', session: SESSION });
});
afterEach(cleanup);

describe('the header for each role', () => {
  it('shows the owner every page, their role and business', async () => {
    renderHeader([membership(1, 'Harbour Hair', 'owner')]);
    const links = await drawerLinks('Business Owner');
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Reports', 'Payments', 'Settings']));
    expect(screen.getByText('Harbour Hair')).toBeTruthy();
  });

  it('hides payments from a manager', async () => {
    renderHeader([membership(1, 'Harbour Hair', 'manager')]);
    const links = await drawerLinks('Manager');
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Reports', 'Settings']));
    expect(links).not.toContain('Payments');
  });

  it('hides reports, payments and the testing tools from staff', async () => {
    renderHeader([membership(1, 'Harbour Hair', 'staff')]);
    const links = await drawerLinks('Staff');
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Settings']));
    for (const hidden of ['Reports', 'Payments', 'Email Test', 'SMS Test']) {
      expect(links).not.toContain(hidden);
    }
    expect(screen.queryByText('Business Owner')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Testing Tools' })).toBeNull();
  });

  it('follows the business chosen with the switcher', async () => {
    localStorage.setItem('slotwise.business', '2');
    renderHeader([membership(1, 'Harbour Hair', 'owner'), membership(2, 'Studio Two', 'staff')]);
    const links = await drawerLinks('Staff');
    expect(screen.getByText('Studio Two')).toBeTruthy();
    expect(links).not.toContain('Reports');
  });

  it('names the role in the user menu', async () => {
    renderHeader([membership(1, 'Harbour Hair', 'staff')]);
    const trigger = await screen.findByRole('button', { name: 'Account menu for mia@example.com' });
    fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    await within(menu).findByText('Staff');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Dashboard', 'Settings', 'Log out']);
  });
});
