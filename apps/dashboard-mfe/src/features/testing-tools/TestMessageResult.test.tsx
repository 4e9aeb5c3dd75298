// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ManualMessageResponse,
  type MessageStatus,
  MessageTexts,
  messageStateText,
  type OutboxChannel,
  type OutboxStatus,
} from '@slotwise/contracts';
import { type Handler } from '../../testing/fake-api';
import { renderWithApi } from '../../testing/render';
import { FOLLOW_FOR_MS, POLL_MS } from '../messages';
import { TestMessageResult } from './TestMessageResult';

function sent(channel: OutboxChannel, status: OutboxStatus): ManualMessageResponse {
  return {
    ok: true,
    messageId: 12,
    channel,
    status,
    error: status === 'not_configured' ? 'not sent: no provider configured' : null,
    message: messageStateText(channel, status),
  };
}

const state = (status: OutboxStatus, error: string | null = null): MessageStatus => ({
  id: 12,
  channel: 'sms',
  status,
  error,
  message: messageStateText('sms', status, error),
});

function states(...list: MessageStatus[]): Handler {
  let i = 0;
  return () => ({ body: list[Math.min(i++, list.length - 1)] });
}

function show(
  message: ManualMessageResponse,
  routes: Record<string, Handler> = {},
  what = message.channel === 'sms' ? 'SMS' : 'email',
) {
  return renderWithApi(
    <TestMessageResult
      message={{ sent: message, since: Date.now() }}
      to={message.channel === 'sms' ? '0400 999 888' : 'me@example.com'}
      what={what}
    />,
    routes,
  );
}

/** The result as the owner reads it (a status, or an alert when it failed): title, then text. */
const result = () => (screen.queryByRole('alert') ?? screen.getByRole('status')).textContent;

afterEach(() => vi.useRealTimers());

describe('the Testing Tools result', () => {
  it('says "Not sent: SMS is not set up on this server", never that SMS works', async () => {
    const { api } = show(sent('sms', 'not_configured'));
    expect(result()).toBe(
      'Test SMS not sentMessage #12 to 0400 999 888: Not sent: SMS is not set up on this server.',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls('GET', '/api/messages/12')).toHaveLength(0);
  });

  it('says the same for email', () => {
    show(sent('email', 'not_configured'));
    expect(result()).toBe(
      'Test email not sentMessage #12 to me@example.com: Not sent: email is not set up on this server.',
    );
  });

  it('shows "Queued — waiting for the SMS provider", then "Sent", then "Delivered"', async () => {
    show(sent('sms', 'pending'), {
      'GET /api/messages/12': states(state('queued'), state('sent'), state('delivered')),
    });
    expect(result()).toBe(
      'Test SMS queuedMessage #12 to 0400 999 888: Queued — waiting for the SMS provider.',
    );
    await waitFor(
      () =>
        expect(result()).toBe(
          'Test SMS sentMessage #12 to 0400 999 888: Sent. Your SMS notifications are working.',
        ),
      { timeout: POLL_MS + 2000 },
    );
    await waitFor(
      () =>
        expect(result()).toBe(
          'Test SMS deliveredMessage #12 to 0400 999 888: Delivered. Your SMS notifications are working.',
        ),
      { timeout: POLL_MS + 2000 },
    );
  });

  it('says why it failed', async () => {
    const reason = "Twilio 400 (error 21211): The 'To' number is not valid.";
    show(sent('sms', 'pending'), { 'GET /api/messages/12': states(state('failed', reason)) });
    await waitFor(() =>
      expect(result()).toBe(`Test SMS failedMessage #12 to 0400 999 888: Failed: ${reason}`),
    );
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('says it is waiting when an hourly SMS cap holds it back, never that it failed', async () => {
    show(sent('sms', 'pending'), {
      'GET /api/messages/12': states(state('pending', MessageTexts.smsHeldPhone)),
    });
    await waitFor(
      () =>
        expect(result()).toBe(
          'Test SMS waitingMessage #12 to 0400 999 888: Waiting — held back by the hourly limit of texts to this number; it goes out by itself once the hour allows.',
        ),
      { timeout: POLL_MS + 2000 },
    );
  });

  it('stops after about 30 s still queued and says so', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api } = show(sent('email', 'pending'), {
      'GET /api/messages/12': states({ ...state('queued'), channel: 'email' }),
    });
    await waitFor(() => expect(api.calls('GET', '/api/messages/12')).toHaveLength(1));
    vi.setSystemTime(Date.now() + FOLLOW_FOR_MS);
    await waitFor(() => expect(result()).toMatch(/^Test email still queued/), {
      timeout: POLL_MS + 2000,
    });
    expect(result()).toContain('Nothing has taken it in 30 seconds');
    expect(result()).not.toMatch(/working/);
  });
});
