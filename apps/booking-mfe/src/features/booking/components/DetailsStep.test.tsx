// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { business, mia, times, womensCut } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { type BookingSubmission } from '../submission';
import { WizardProvider } from '../WizardProvider';
import { type WizardStore, createWizardStore } from '../wizard-store';
import DetailsStep from './DetailsStep';

const slot = times[1]!;

const atStep3 = (extra: Parameters<typeof createWizardStore>[0] = {}) =>
  createWizardStore({
    step: 3,
    serviceId: womensCut.id,
    date: '2027-03-05',
    slot,
    acted: true,
    ...extra,
  });

function renderStep(store: WizardStore, props: Partial<Parameters<typeof DetailsStep>[0]> = {}) {
  const onSubmit = vi.fn<(submission: BookingSubmission) => void>();
  const view = renderWithApp(
    <WizardProvider store={store}>
      <DetailsStep
        focusHeading={false}
        businessId={business.id}
        service={womensCut}
        staffMember={mia}
        submitting={false}
        onSubmit={onSubmit}
        {...props}
      />
    </WizardProvider>,
    { api: fakeApi({}) },
  );
  return { ...view, onSubmit };
}

describe('DetailsStep', () => {
  it('sums up the booking, the time with its zone', () => {
    renderStep(atStep3());
    expect(screen.getByRole('heading', { name: 'Enter Your Details' })).toBeTruthy();
    const summary = screen.getByText('Booking Summary').parentElement!;
    const rows = [...summary.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(rows).toEqual([
      "Service: Women's Cut",
      'Staff: Mia Nguyen',
      'Date: 5 Mar 2027',
      'Time: 9:30 AM AEDT',
      'Price: $85.00',
      'Duration: 45 min',
    ]);
  });

  it('names the zone of the chosen time, AEST on the repeated hour of the day the clocks go back', () => {
    const repeated = { time: '2:00 AM', start: '2027-04-03T16:00:00.000Z', timeZoneName: 'AEST' };
    renderStep(atStep3({ date: '2027-04-04', slot: repeated }));
    expect(screen.getByText('2:00 AM AEST')).toBeTruthy();
  });

  it('shows the form’s messages, focuses the first field to fix, and sends nothing', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderStep(atStep3());
    await user.type(screen.getByLabelText('Mobile Number'), '12');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Your Name'));
    expect(screen.getByLabelText('Your Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    // Fixing a field clears its message only.
    await user.type(screen.getByLabelText('Your Name'), 'Alex Citizen');
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
  });

  it('sends the booking request built from the chosen time and the typed details', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderStep(atStep3());
    await user.type(screen.getByLabelText('Your Name'), 'Alex Citizen');
    await user.type(screen.getByLabelText('Mobile Number'), '+61 400 123 456');
    await user.type(screen.getByLabelText('Special Notes (Optional)'), 'First visit');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const submission = onSubmit.mock.calls[0]![0];
    expect(submission).toMatchObject({
      name: 'Alex Citizen',
      phone: '+61 400 123 456',
      serviceName: "Women's Cut",
      request: {
        businessId: business.id,
        serviceId: womensCut.id,
        staffMemberId: mia.id,
        firstName: 'Alex',
        lastName: 'Citizen',
        phone: '+61 400 123 456',
        date: slot.start,
        duration: 45,
        notes: 'First visit',
        email: null,
        notificationPreferences: { email: false, sms: true },
      },
    });
  });

  it('takes an optional email, which asks for the confirmation by email too', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderStep(atStep3());
    const email = screen.getByLabelText('Email (optional)');
    expect(email.getAttribute('type')).toBe('email');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      "We'll also email your confirmation with a calendar invite.",
    );
    await user.type(screen.getByLabelText('Your Name'), 'Alex Citizen');
    await user.type(screen.getByLabelText('Mobile Number'), '0412 345 678');
    await user.type(email, 'alex@');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(email, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(onSubmit.mock.calls[0]![0].request).toMatchObject({
      email: 'alex@example.com',
      notificationPreferences: { email: true, sms: true },
    });
  });

  it('names a number that cannot be real beside the field, not in a toast', async () => {
    const user = userEvent.setup();
    const { onSubmit, toasts } = renderStep(atStep3());
    const phone = screen.getByLabelText('Mobile Number');
    expect(phone.getAttribute('placeholder')).toBe('e.g. +61 400 123 456');
    await user.type(screen.getByLabelText('Your Name'), 'Alex Citizen');
    for (const typed of ['0412 345', '04 call me']) {
      await user.clear(phone);
      await user.type(phone, typed);
      await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
      expect(document.getElementById('bk-phone-error')?.textContent).toBe(
        'Please enter a valid phone number',
      );
      expect(phone.getAttribute('aria-invalid')).toBe('true');
      expect(phone.getAttribute('aria-describedby')).toContain('bk-phone-error');
      expect(document.activeElement).toBe(phone);
    }
    expect(onSubmit).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('says when a valid number is not an Australian mobile: no SMS, the email instead', async () => {
    const user = userEvent.setup();
    renderStep(atStep3());
    const phone = screen.getByLabelText('Mobile Number');
    const hint = () => document.getElementById('bk-phone-hint')?.textContent;
    // Nothing public says whether the business can text: the hint promises no SMS.
    const neutral =
      'For your booking. The next screen says whether a confirmation SMS with your links is on its way.';
    expect(hint()).toBe(neutral);
    expect(hint()).not.toMatch(/We'll text/);
    await user.type(phone, '0412 345 678');
    expect(hint()).toBe(neutral);
    await user.clear(phone);
    await user.type(phone, '(02) 9361 4820');
    expect(hint()).toBe(
      "We can only text Australian mobiles: you won't get an SMS with your links; add your email to get them by email.",
    );
    await user.type(screen.getByLabelText('Email (optional)'), 'alex@example.com');
    expect(hint()).toBe(
      'We can only text Australian mobiles: your confirmation and links will come by email.',
    );
    // Still a number the form takes: it is valid, only not a mobile.
    expect(phone.getAttribute('aria-invalid')).toBeNull();
  });

  it('counts the notes up to their limit, warns near it, and takes no more', async () => {
    const user = userEvent.setup();
    const store = atStep3({
      form: { name: '', phone: '', email: '', notes: 'x'.repeat(898) },
    });
    renderStep(store);
    const notes = screen.getByLabelText('Special Notes (Optional)');
    expect(notes.getAttribute('maxlength')).toBe('1000');
    const counter = () => document.querySelector('#bk-notes-hint .bk-notes-count')!;
    expect(counter().textContent).toBe('898 / 1000 characters');
    expect(counter().classList.contains('bk-notes-count--near')).toBe(false);
    await user.type(notes, 'ab');
    expect(counter().textContent).toBe('900 / 1000 characters');
    expect(counter().classList.contains('bk-notes-count--near')).toBe(true);
    expect(notes.getAttribute('aria-describedby')).toContain('bk-notes-hint');
  });

  it('keeps what was typed in the wizard, so leaving and coming back shows it again', async () => {
    const store = atStep3();
    const user = userEvent.setup();
    const first = renderStep(store);
    await user.type(screen.getByLabelText('Your Name'), 'Alex');
    expect(store.getState().form.name).toBe('Alex');
    first.unmount();
    renderStep(store);
    expect((screen.getByLabelText('Your Name') as HTMLInputElement).value).toBe('Alex');
  });

  it('after a taken slot offers another time and keeps the details', async () => {
    const store = atStep3({
      form: { name: 'Alex Citizen', phone: '0400 000 111', email: '', notes: '' },
      bookingError: 'This time slot is already booked',
    });
    const user = userEvent.setup();
    renderStep(store);
    expect(screen.getByText('This time slot is already booked')).toBeTruthy();
    expect(
      screen.getByText('Someone else has just taken this time. Please choose another one.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Choose another time' }));
    expect(store.getState()).toMatchObject({
      step: 2,
      slot: null,
      bookingError: null,
      form: { name: 'Alex Citizen', phone: '0400 000 111' },
    });
  });

  it('Back returns to step 2 and clears the time and the form', async () => {
    const store = atStep3({ form: { name: 'Alex', phone: '', email: '', notes: '' } });
    const user = userEvent.setup();
    renderStep(store);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(store.getState()).toMatchObject({
      step: 2,
      slot: null,
      form: { name: '', phone: '', email: '', notes: '' },
    });
  });

  it('while sending, says so and keeps the customer on the step', () => {
    renderStep(atStep3(), { submitting: true });
    expect(screen.getByRole('button', { name: /Processing\.\.\./ })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for a time first when none is chosen', async () => {
    const user = userEvent.setup();
    const { onSubmit, toasts } = renderStep(atStep3({ slot: null }));
    await user.type(screen.getByLabelText('Your Name'), 'Alex Citizen');
    await user.type(screen.getByLabelText('Mobile Number'), '0400 000 111');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(toasts()).toEqual([
      'Please complete all fields: Choose a service, date, and time before booking.',
    ]);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
