import { type QueryState, useMutation, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  type ManualMessageResponse,
  type MessageStatus,
  type TestEmailRequest,
  type TestSmsRequest,
  apiRoutes,
} from '@slotwise/contracts';
import { FOLLOW_FOR_MS, POLL_MS, isUnsettled, keepFollowing } from './messages';

export const messageKeys = {
  one: (id: number) => ['messages', id] as const,
  messagingStatus: ['messaging-status'] as const,
};

/** A reminder email to a customer, or the Testing Tools' test email to the owner. */
export function useSendEmail() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: TestEmailRequest) => api.request(apiRoutes.messages.testEmail, { body }),
  });
}

/** A reminder SMS to a customer, or the Testing Tools' test SMS to the owner. */
export function useSendSms() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: TestSmsRequest) => api.request(apiRoutes.messages.testSms, { body }),
  });
}

/** A message sent from a screen, and when its answer came (following stops ~30 s later). */
export interface SentMessage {
  sent: ManualMessageResponse;
  since: number;
}

/** Past the follow window: at the last answer (or error) seen, counted from the send. */
const pastWindow = (since: number, at: { dataUpdatedAt: number; errorUpdatedAt: number }) =>
  Math.max(at.dataUpdatedAt, at.errorUpdatedAt) - since >= FOLLOW_FOR_MS;

type Polled = 'dataUpdatedAt' | 'errorUpdatedAt';

/** A send's answer as a message's state. */
export function sentState(sent: ManualMessageResponse): MessageStatus {
  const { messageId: id, channel, status, error, message } = sent;
  return { id, channel, status, error, message };
}

/**
 * Where a followed message is as last seen; `gaveUp` once the window has passed with the message
 * still waiting for its provider.
 */
export function followedState(
  { sent, since }: SentMessage,
  query: Pick<QueryState<MessageStatus>, Polled | 'data'>,
): { state: MessageStatus; gaveUp: boolean } {
  const state = query.data ?? sentState(sent);
  return { state, gaveUp: isUnsettled(state.status) && pastWindow(since, query) };
}

/**
 * Follows a message sent from this screen: polled every POLL_MS while it may still change, and no
 * longer once an answer comes FOLLOW_FOR_MS after the send; then it stays as last seen. null
 * while there is no message to follow.
 */
export function useFollowedMessage(
  message: SentMessage | null,
): { state: MessageStatus; gaveUp: boolean } | null {
  const api = useApiClient();
  const id = message?.sent.messageId ?? 0;
  const query = useQuery({
    queryKey: messageKeys.one(id),
    queryFn: ({ signal }) => api.request(apiRoutes.messages.status, { params: { id }, signal }),
    enabled: !!message && keepFollowing(message.sent.channel, message.sent.status),
    staleTime: 0,
    refetchInterval: (q) =>
      message &&
      keepFollowing(message.sent.channel, q.state.data?.status ?? message.sent.status) &&
      !pastWindow(message.since, q.state)
        ? POLL_MS
        : false,
  });
  return message && followedState(message, query);
}

/** Whether this server can send SMS and email at all (its configuration). */
export function useMessagingStatus() {
  const api = useApiClient();
  return useQuery({
    queryKey: messageKeys.messagingStatus,
    queryFn: ({ signal }) => api.request(apiRoutes.messages.messagingStatus, { signal }),
    // Server settings change with a restart only; a reload asks again.
    staleTime: Infinity,
  });
}
