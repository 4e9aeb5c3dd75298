// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type SeenRequest } from '../../../testing/fake-api';
import { testBusiness } from '../../../testing/business';
import { renderWithApi } from '../../../testing/render';
import { toasts } from '../../../testing/screen';
import { GeneralTab } from './GeneralTab';

vi.mock('../../owner/OwnerContext', () => ({
  useOwner: () => ({ session: { accessToken: 'token', user: { id: 'u1', email: 'o@x.com' } } }),
}));

const business = testBusiness;
const LOGO_MESSAGE = 'Logo URL must be a web address starting with https:// or http://';

const logo = () => screen.getByLabelText('Logo URL') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

function renderTab() {
  return renderWithApi(<GeneralTab business={business} />, {
    'PATCH /api/business/4': (r: SeenRequest) => ({
      body: { ...business, ...(r.body as object) },
    }),
  });
}

describe('Settings → General', () => {
  it('shows the message beside a logo URL that is not a web address, and saves nothing', async () => {
    const { api } = renderTab();
    fireEvent.change(logo(), { target: { value: 'my-logo.png' } });
    save();
    const message = await screen.findByText(LOGO_MESSAGE);
    expect(logo().getAttribute('aria-invalid')).toBe('true');
    expect(logo().getAttribute('aria-describedby')).toContain(message.id);
    expect(api.seen.filter((r) => r.method === 'PATCH' || r.method === 'PUT')).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('saves a logo at an https address', async () => {
    const { api } = renderTab();
    fireEvent.change(logo(), { target: { value: 'https://cdn.example.com/calm/logo.png' } });
    save();
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Business updated: Your business profile has been updated successfully',
      ]),
    );
    const sent = api.calls('PATCH', '/api/business/4');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      name: 'Calm Studio',
      logo: 'https://cdn.example.com/calm/logo.png',
    });
    expect(screen.queryByText(LOGO_MESSAGE)).toBeNull();
    expect(logo().getAttribute('aria-invalid')).toBeNull();
  });
});
