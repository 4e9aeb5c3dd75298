// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type CreateAppointmentResponse } from '@slotwise/contracts';
import { fakeApi } from '../../../testing/fake-api';
import { booked, business, mia } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { type BookingConfirmation } from '../wizard-store';
import Confirmation from './Confirmation';

function renderConfirmation(confirmation: BookingConfirmation) {
  const onBookAnother = vi.fn();
  renderWithApp(
    <Confirmation
      confirmation={confirmation}
      timeZone={business.timeZone}
      focusHeading
      onBookAnother={onBookAnother}
    />,
    { api: fakeApi({}) },
  );
  return onBookAnother;
}

const details = () =>
  Object.fromEntries(
    [...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextSibling?.textContent]),
  );

describe('Confirmation', () => {
  it('confirms the booking with every detail in the business’s zone', async () => {
    const onBookAnother = renderConfirmation({
      response: { ...booked, staff: { id: mia.id, name: mia.name, position: mia.position } },
      name: 'Alex Citizen',
      phone: '+61 400 123 456',
    });
    const heading = screen.getByRole('heading', { name: 'Booking Confirmed!' });
    expect(document.activeElement).toBe(heading);
    expect(document.title).toContain('Booking Confirmed');
    expect(screen.getByText('Thank you, Alex. Your appointment has been scheduled.')).toBeTruthy();
    expect(details()).toEqual({
      Service: "Women's Cut",
      Staff: 'Mia Nguyen (Senior Stylist)',
      Date: '5 Mar 2027',
      Time: '9:30 AM AEDT',
      Duration: '45 minutes',
      Price: '$85.00',
    });
    expect(screen.getByText('#42')).toBeTruthy();
    expect(
      screen.getByText(
        'A confirmation SMS has been sent to +61 400 123 456. You can use the link in the SMS to cancel or reschedule if needed.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: 'Book Another Appointment' }));
    expect(onBookAnother).toHaveBeenCalledTimes(1);
  });

  it('names the email the confirmation also goes to', () => {
    renderConfirmation({
      response: booked,
      name: 'Alex Citizen',
      phone: '0412 345 678',
      email: 'alex@example.com',
    });
    expect(screen.getByText(/A confirmation SMS has been sent to/)).toBeTruthy();
    expect(
      screen.getByText(
        'A confirmation email with a calendar invite and your cancel and reschedule links is on its way to alex@example.com.',
      ),
    ).toBeTruthy();
  });

  it('claims no SMS for a number that is not an Australian mobile', () => {
    const landline = {
      ...booked,
      customer: { ...booked.customer, phone: '+61293614820' },
      confirmations: { sms: 'not_sent', email: 'not_sent' } as const,
    };
    const view = renderWithApp(
      <Confirmation
        confirmation={{ response: landline, name: 'Alex Citizen', phone: '(02) 9361 4820' }}
        timeZone={business.timeZone}
        focusHeading={false}
        onBookAnother={vi.fn()}
      />,
      { api: fakeApi({}) },
    );
    expect(screen.queryByText(/A confirmation SMS has been sent/)).toBeNull();
    expect(
      screen.getByText(
        'We can only text Australian mobiles, so no SMS is coming to (02) 9361 4820. To cancel or reschedule, please contact the business directly.',
      ),
    ).toBeTruthy();
    view.unmount();

    renderConfirmation({
      response: { ...landline, confirmations: { sms: 'not_sent', email: 'queued' } },
      name: 'Alex Citizen',
      phone: '(02) 9361 4820',
      email: 'alex@example.com',
    });
    expect(
      screen.getByText(
        'We can only text Australian mobiles, so no SMS is coming to (02) 9361 4820.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/is on its way to alex@example.com/)).toBeTruthy();
  });

  it('never says a text was sent when this server cannot send one', () => {
    renderConfirmation({
      response: { ...booked, confirmations: { sms: 'not_configured', email: 'not_sent' } },
      name: 'Alex Citizen',
      phone: '0400 123 456',
    });
    expect(screen.queryByText(/A confirmation SMS has been sent/)).toBeNull();
    expect(
      screen.getByText(/We couldn’t text you a confirmation: this business’s text messages are/),
    ).toBeTruthy();
  });

  it('shows what is known when the answer lacks details', () => {
    renderConfirmation({
      response: { appointment: { id: 9 } } as unknown as CreateAppointmentResponse,
      name: 'Alex Citizen',
      phone: '0400 000 111',
      serviceName: "Men's Cut",
      start: '2027-03-04T22:30:00.000Z',
    });
    expect(screen.getByRole('heading', { name: 'Booking Partially Confirmed' })).toBeTruthy();
    expect(
      screen.getByText(
        "Your appointment was created successfully, but we're missing some details for display.",
      ),
    ).toBeTruthy();
    expect(details()).toEqual({
      'Booking #': '9',
      Name: 'Alex Citizen',
      Phone: '0400 000 111',
      Service: "Men's Cut",
      Date: '5 Mar 2027',
      Time: '9:30 AM AEDT',
    });
    expect(
      screen.getByText(/An SMS confirmation should have been sent to your phone/),
    ).toBeTruthy();
  });
});
