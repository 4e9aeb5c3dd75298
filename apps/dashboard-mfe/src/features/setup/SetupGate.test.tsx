// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Availability,
  type Business,
  type Service,
  defaultWeeklyHours,
} from '@slotwise/contracts';
import { type SeenRequest, errorReply } from '../../testing/fake-api';
import { testBusiness } from '../../testing/business';
import { renderWithApi } from '../../testing/render';
import { toasts } from '../../testing/screen';
import { BusinessGate } from '../owner';
import { SetupGate } from './SetupGate';
import { presetWeek, suggestedSlug } from './setup';

vi.mock('../owner/OwnerContext', () => ({
  useOwner: () => ({ session: { accessToken: 'token', user: { id: 'u1', email: 'o@x.com' } } }),
}));

const fresh: Business = {
  ...testBusiness,
  // The owner's sign-in address, given to every new business.
  email: 'owner@harbour.test',
  name: 'My Business',
  slug: 'my-business-4',
  businessHours: 'Mon–Fri 9:00 AM – 5:00 PM',
  maxAdvanceDays: 180,
  published: false,
  publishingEnabled: true,
};

const defaultWeek: Availability[] = defaultWeeklyHours().map((d) => ({ ...d, businessId: 4 }));

const cut: Service = {
  id: 9,
  businessId: 4,
  name: 'Cut',
  description: null,
  price: 4500,
  duration: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  isActive: true,
};

/** An API whose business, services and hours change as the setup saves them. */
function setupApi(start: { business?: Business; services?: Service[] } = {}) {
  let business = start.business ?? fresh;
  let services = start.services ?? [];
  let hours = defaultWeek;
  return {
    'GET /api/business/me': () => ({ body: business }),
    'GET /api/business/4/services': () => ({ body: services }),
    'GET /api/business/4/availability': () => ({ body: hours }),
    'PATCH /api/business/4': (r: SeenRequest) => {
      const { hoursConfirmed, ...changes } = r.body as Partial<Business> & {
        hoursConfirmed?: true;
      };
      // Kept hours are confirmed ones: the business is published (it is named, with a service).
      business = { ...business, ...changes, ...(hoursConfirmed && { published: true }) };
      return { body: business };
    },
    'POST /api/services': (r: SeenRequest) => {
      const body = r.body as { name: string; duration: number; price: number };
      services = [...services, { ...cut, id: 10, ...body }];
      return { status: 201, body: services.at(-1) };
    },
    'PUT /api/business/4/availability': (r: SeenRequest) => {
      hours = (r.body as Omit<Availability, 'businessId' | 'openTime' | 'closeTime'>[]).map(
        (d) => ({ ...d, businessId: 4, openTime: '09:00', closeTime: '17:00' }),
      );
      business = { ...business, businessHours: 'Mon–Sat 8:00 AM – 6:00 PM', published: true };
      return { body: hours };
    },
  };
}

function renderGate(routes: ReturnType<typeof setupApi> | Record<string, unknown>) {
  return renderWithApi(
    <BusinessGate>
      {(business) => (
        <SetupGate business={business}>
          <p>The normal dashboard</p>
        </SetupGate>
      )}
    </BusinessGate>,
    routes as ReturnType<typeof setupApi>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the first-run setup', () => {
  it('walks a new owner through name, link, service and hours, then shows the link', async () => {
    const { api } = renderGate(setupApi());
    await screen.findByRole('heading', { name: 'Set up your booking page' });
    expect(screen.queryByText('The normal dashboard')).toBeNull();

    // 1. The name, with the link following it until the owner edits the link.
    type('Business Name', 'Harbour Hair & Co');
    expect(input('Booking link').value).toBe('harbour-hair-and-co');
    type('Booking link', 'harbour-hair');
    type('Business Name', 'Harbour Hair Studio');
    expect(input('Booking link').value).toBe('harbour-hair');
    // Where the shop is sets its time zone; new bookings are emailed to the sign-in address.
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe(
      'Australia/Sydney',
    );
    fireEvent.change(screen.getByLabelText('State or territory'), { target: { value: 'WA' } });
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Australia/Perth');
    expect(input('Email for new bookings').value).toBe('owner@harbour.test');
    type('Email for new bookings', 'bookings@harbour.test');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));

    // 2. The first service.
    await screen.findByRole('form', { name: 'Add your first service' });
    expect(api.calls('PATCH', '/api/business/4').map((r) => r.body)).toEqual([
      {
        name: 'Harbour Hair Studio',
        slug: 'harbour-hair',
        region: 'WA',
        timeZone: 'Australia/Perth',
        email: 'bookings@harbour.test',
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.getByText('Enter the name of the service')).toBeTruthy();
    expect(screen.getByText('Enter a price in dollars, e.g. 85 or 85.50')).toBeTruthy();
    type('Service Name', "Women's Cut");
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '45' } });
    type('Price (AUD)', '$85.50');
    fireEvent.click(screen.getByRole('button', { name: 'Add Service' }));

    // 3. Hours: the default week is there; the owner picks other days and times.
    await screen.findByRole('button', { name: 'Keep These Hours' });
    expect(api.calls('POST', '/api/services').map((r) => r.body)).toEqual([
      { businessId: 4, name: "Women's Cut", duration: 45, price: 8550 },
    ]);
    expect(screen.getByText("Women's Cut · 45 min · $85.50")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Other Hours' }));
    fireEvent.click(screen.getByLabelText('Monday to Saturday'));
    fireEvent.change(screen.getByLabelText('Opening time'), { target: { value: '18:00' } });
    expect(screen.getByText('Closing time must be after opening time')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Hours' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('Opening time'), { target: { value: '08:00' } });
    fireEvent.change(screen.getByLabelText('Closing time'), { target: { value: '18:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Hours' }));

    // Ready: the link to share, then the dashboard.
    const ready = await screen.findByRole('region', { name: 'Your booking page is ready' });
    expect(api.calls('PUT', '/api/business/4/availability').map((r) => r.body)).toEqual([
      presetWeek('mon-sat', '08:00', '18:00'),
    ]);
    const link = `${window.location.origin}/book/harbour-hair`;
    expect(within(ready).getByRole('link', { name: link })).toBeTruthy();
    fireEvent.click(within(ready).getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(toasts()).toContain('Link copied'));
    expect(writeText).toHaveBeenCalledWith(link);
    fireEvent.click(within(ready).getByRole('button', { name: 'Go to Dashboard' }));
    expect(await screen.findByText('The normal dashboard')).toBeTruthy();
  });

  it('keeps the default week when the owner confirms it', async () => {
    const { api } = renderGate(setupApi({ business: { ...fresh, name: 'Calm Studio' } }));
    // Named already: the setup opens at the service.
    await screen.findByRole('form', { name: 'Add your first service' });
    type('Service Name', 'Massage');
    type('Price (AUD)', '90');
    fireEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep These Hours' }));
    await screen.findByRole('region', { name: 'Your booking page is ready' });
    expect(api.calls('PUT', '/api/business/4/availability')).toEqual([]);
    // The server records the confirmation: only then does it publish the business.
    expect(api.calls('PATCH', '/api/business/4').map((r) => r.body)).toEqual([
      { hoursConfirmed: true },
    ]);
  });

  it('stays at the hours when keeping them fails', async () => {
    const routes = {
      ...setupApi({ business: { ...fresh, name: 'Calm Studio' }, services: [cut] }),
      'PATCH /api/business/4': errorReply(500, 'Internal server error', 'INTERNAL'),
    };
    // Part way through: a reload comes back to the hours.
    localStorage.setItem('slotwise.setup-open.4', '1');
    renderGate(routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Keep These Hours' }));
    await waitFor(() => expect(toasts()).toContain('Error: Internal server error'));
    expect(screen.getByRole('button', { name: 'Keep These Hours' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your booking page is ready' })).toBeNull();
  });

  it('comes back to the hours after a reload, the business unpublished until they are kept', async () => {
    const routes = setupApi({ business: { ...fresh, name: 'Calm Studio' } });
    const first = renderGate(routes);
    await screen.findByRole('form', { name: 'Add your first service' });
    type('Service Name', 'Massage');
    type('Price (AUD)', '90');
    fireEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    await screen.findByRole('button', { name: 'Keep These Hours' });
    first.unmount();

    // The reload: named, a service, the default week, but not published (hours not confirmed).
    const again = renderGate(routes);
    // At the hours step, offering to keep the hours it has (not a blank choice of other hours).
    fireEvent.click(await screen.findByRole('button', { name: 'Keep These Hours' }));
    await screen.findByRole('region', { name: 'Your booking page is ready' });
    expect(again.api.calls('PUT', '/api/business/4/availability')).toEqual([]);
    expect(again.api.calls('PATCH', '/api/business/4').map((r) => r.body)).toEqual([
      { hoursConfirmed: true },
    ]);
    again.unmount();

    // Confirmed (and so published): the next visit is the dashboard.
    renderGate(routes);
    expect(await screen.findByText('The normal dashboard')).toBeTruthy();
  });

  it('shows a taken booking link beside its field and stays on the step', async () => {
    const routes = {
      ...setupApi(),
      'PATCH /api/business/4': errorReply(409, 'That booking link is taken', 'SLUG_TAKEN'),
    };
    renderGate(routes);
    await screen.findByRole('heading', { name: 'Set up your booking page' });
    type('Business Name', 'Harbour Hair');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByText('That booking link is taken')).toBeTruthy();
    expect(input('Booking link').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('form', { name: 'Name your business' })).toBeTruthy();
  });

  it('refuses a reserved link before asking the server', async () => {
    const { api } = renderGate(setupApi());
    await screen.findByRole('heading', { name: 'Set up your booking page' });
    type('Business Name', 'Dashboard');
    expect(input('Booking link').value).toBe('my-business-4');
    type('Booking link', 'dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByText('That booking link is reserved')).toBeTruthy();
    expect(api.calls('PATCH', '/api/business/4')).toEqual([]);
  });

  it('lets the owner skip it for the rest of the session', async () => {
    renderGate(setupApi());
    fireEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByText('The normal dashboard')).toBeTruthy();
    expect(sessionStorage.getItem('slotwise.setup-skipped.4')).toBe('1');
    // Left on purpose: not brought back to the step in a later session.
    expect(localStorage.getItem('slotwise.setup-open.4')).toBeNull();
  });

  it('is not shown to a published business, which is not asked for its lists', async () => {
    const { api } = renderGate(setupApi({ business: { ...fresh, name: 'Done', published: true } }));
    expect(await screen.findByText('The normal dashboard')).toBeTruthy();
    expect(api.seen.map((r) => r.path)).toEqual(['/api/business/me']);
  });

  it('is not shown to a complete business whose owner switched publishing off', async () => {
    renderGate(
      setupApi({
        business: { ...fresh, name: 'Paused Co', publishingEnabled: false },
        services: [cut],
      }),
    );
    expect(await screen.findByText('The normal dashboard')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Set up your booking page' })).toBeNull();
  });
});

describe('suggestedSlug', () => {
  it('follows the name, or keeps the current slug when the name makes no valid link', () => {
    expect(suggestedSlug('Café Physio & Co', 'my-business')).toBe('cafe-physio-and-co');
    expect(suggestedSlug('AB', 'my-business')).toBe('my-business');
    expect(suggestedSlug('Settings', 'my-business')).toBe('my-business');
    expect(suggestedSlug('24 7', 'my-business')).toBe('my-business');
  });
});
