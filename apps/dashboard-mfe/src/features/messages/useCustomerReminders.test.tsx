// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ManualMessageResponse,
  type MessageStatus,
  MessageTexts,
  messageStateText,
  type OutboxChannel,
  type OutboxStatus,
  type OwnerAppointment,
} from '@slotwise/contracts';
import { type Handler } from '../../testing/fake-api';
import { renderWithApi } from '../../testing/render';
import { toasts } from '../../testing/screen';
import { FOLLOW_FOR_MS, POLL_MS } from './messages';
import { useCustomerReminders } from './useCustomerReminders';

const appointment = {
  id: 7,
  date: '2099-01-05T00:00:00.000Z',
  status: 'confirmed',
  customer: {
    firstName: 'Zara',
    lastName: 'Quinn',
    email: 'zara@example.com',
    phone: '0400 555 777',
    notificationPreferences: { email: true, sms: true },
  },
} as OwnerAppointment;

function Reminders({ from }: { from: 'list' | 'dialog' }) {
  const channels = useCustomerReminders(from);
  return (
    <>
      {channels.map((c) => (
        <button key={c.label} type="button" onClick={() => c.send(appointment)}>
          {c.label}
        </button>
      ))}
    </>
  );
}

const answer = (
  messageId: number,
  channel: OutboxChannel,
  status: OutboxStatus,
  error: string | null = null,
): Handler => ({
  body: {
    ok: true,
    messageId,
    channel,
    status,
    error,
    message: messageStateText(channel, status, error),
  } satisfies ManualMessageResponse,
});

const state = (
  id: number,
  channel: OutboxChannel,
  status: OutboxStatus,
  error: string | null = null,
): MessageStatus => ({ id, channel, status, error, message: messageStateText(channel, status) });

/** Answers GET /api/messages/{id} with each state in turn, the last one from then on. */
function states(...list: MessageStatus[]): Handler {
  let i = 0;
  return () => ({ body: list[Math.min(i++, list.length - 1)] });
}

const send = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));

afterEach(() => vi.useRealTimers());

describe('reminders say what really happened', () => {
  it('says "Not sent" at once when the server has no SMS provider, never "Sent"', async () => {
    const { api } = renderWithApi(<Reminders from="dialog" />, {
      'POST /api/test-sms': answer(5, 'sms', 'not_configured', 'not sent: no provider configured'),
    });
    send('SMS');
    await waitFor(() =>
      expect(toasts()).toEqual(['SMS Not Sent: SMS is not set up on this server']),
    );
    // Nothing to follow: it will never go.
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls('GET', '/api/messages/5')).toHaveLength(0);
    expect(toasts().some((t) => /Sent:/.test(t) && !/Not Sent/.test(t))).toBe(false);
  });

  it("says the list's words for email that is not set up", async () => {
    renderWithApi(<Reminders from="list" />, {
      'POST /api/test-email': answer(6, 'email', 'not_configured'),
    });
    send('Email');
    await waitFor(() =>
      expect(toasts()).toEqual(['Notification Not Sent: Email is not set up on this server']),
    );
  });

  it('says "Queued", then "Sent" once the provider has taken it', async () => {
    const { api } = renderWithApi(<Reminders from="dialog" />, {
      'POST /api/test-sms': answer(8, 'sms', 'pending'),
      'GET /api/messages/8': states(state(8, 'sms', 'sent')),
    });
    send('SMS');
    await waitFor(() =>
      expect(toasts()).toEqual([
        'SMS Queued: Queued — waiting for the SMS provider',
        'SMS Sent: Reminder SMS has been sent to the customer',
      ]),
    );
    // Followed no further once announced.
    const polls = api.calls('GET', '/api/messages/8').length;
    await new Promise((r) => setTimeout(r, POLL_MS + 200));
    expect(api.calls('GET', '/api/messages/8')).toHaveLength(polls);
  });

  it('keeps polling while it waits, then says why it failed', async () => {
    const reason = "Twilio 400 (error 21211): The 'To' number is not valid.";
    renderWithApi(<Reminders from="list" />, {
      'POST /api/test-sms': answer(9, 'sms', 'pending'),
      'GET /api/messages/9': states(state(9, 'sms', 'queued'), state(9, 'sms', 'failed', reason)),
    });
    send('SMS');
    await waitFor(() => expect(toasts()).toHaveLength(2), { timeout: POLL_MS + 2000 });
    expect(toasts()).toEqual([
      'Notification Queued: Queued — waiting for the SMS provider',
      `Failed to send SMS notification: ${reason}`,
    ]);
  });

  it('says it is waiting when an hourly SMS cap holds it back, and stops following it', async () => {
    const held: MessageStatus = {
      ...state(11, 'sms', 'pending'),
      error: MessageTexts.smsHeldBusiness,
      message: messageStateText('sms', 'pending', MessageTexts.smsHeldBusiness),
    };
    const { api } = renderWithApi(<Reminders from="dialog" />, {
      'POST /api/test-sms': answer(11, 'sms', 'pending'),
      'GET /api/messages/11': states(held),
    });
    send('SMS');
    await waitFor(() => expect(toasts()).toHaveLength(2), { timeout: POLL_MS + 2000 });
    expect(toasts()[1]).toBe(
      "SMS Waiting: Waiting — held back by the business's hourly text message limit; it goes out by itself once the hour allows",
    );
    const polls = api.calls('GET', '/api/messages/11').length;
    await new Promise((r) => setTimeout(r, POLL_MS + 200));
    expect(api.calls('GET', '/api/messages/11')).toHaveLength(polls);
  });

  it('gives up politely after about 30 s still queued', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api } = renderWithApi(<Reminders from="dialog" />, {
      'POST /api/test-email': answer(10, 'email', 'pending'),
      'GET /api/messages/10': states(state(10, 'email', 'queued')),
    });
    send('Email');
    await waitFor(() => expect(api.calls('GET', '/api/messages/10')).toHaveLength(1));
    vi.setSystemTime(Date.now() + FOLLOW_FOR_MS);
    await waitFor(() => expect(toasts()).toHaveLength(2), { timeout: POLL_MS + 2000 });
    expect(toasts()[1]).toBe(
      'Email Still Queued: The email provider has not taken the reminder yet. It stays in the outbox and goes out once the delivery worker picks it up.',
    );
    const polls = api.calls('GET', '/api/messages/10').length;
    await new Promise((r) => setTimeout(r, POLL_MS + 200));
    expect(api.calls('GET', '/api/messages/10')).toHaveLength(polls);
  });
});
