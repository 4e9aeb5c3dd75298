import {
  type CancelAppointmentResponse,
  type RescheduleDetails,
  type RescheduleResponse,
  SelfServiceMessages,
} from '@slotwise/contracts';
import { NO_CACHE_HEADERS, apiGet, apiRequest, isApiError } from '@slotwise/ui';

const query = (token: string) => `?token=${encodeURIComponent(token)}`;

// A cancel link works once: one request per token even if the page mounts twice (StrictMode).
const cancellations = new Map<string, Promise<CancelAppointmentResponse>>();

export function cancelAppointment(token: string): Promise<CancelAppointmentResponse> {
  let pending = cancellations.get(token);
  if (!pending) {
    pending = apiGet<CancelAppointmentResponse>(`/api/cancel-appointment${query(token)}`, {
      headers: NO_CACHE_HEADERS,
    });
    cancellations.set(token, pending);
  }
  return pending;
}

export function fetchRescheduleDetails(token: string, signal?: AbortSignal) {
  return apiGet<RescheduleDetails>(`/api/reschedule${query(token)}`, {
    signal,
    headers: NO_CACHE_HEADERS,
  });
}

export function rescheduleAppointment(token: string, date: string) {
  return apiRequest<RescheduleResponse>('POST', '/api/reschedule', { body: { token, date } });
}

/** The server's message for an answer, the fallback for other answers, and the network text. */
export function selfServiceErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.serverMessage ?? fallback;
  return SelfServiceMessages.unexpected;
}
