import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiClient, NO_CACHE_HEADERS, isApiError, useApiClient } from '@slotwise/api-client';
import {
  type CancelAppointmentResponse,
  type RescheduleRequest,
  SelfServiceMessages,
  apiRoutes,
} from '@slotwise/contracts';

// A cancel link works once: one request per token even if the page mounts twice (StrictMode).
const cancellations = new Map<string, Promise<CancelAppointmentResponse>>();

export function cancelAppointment(
  api: ApiClient,
  token: string,
): Promise<CancelAppointmentResponse> {
  let pending = cancellations.get(token);
  if (!pending) {
    pending = api.request(apiRoutes.selfService.cancel, {
      query: { token },
      headers: NO_CACHE_HEADERS,
    });
    cancellations.set(token, pending);
  }
  return pending;
}

/** The booking a reschedule link points at (loaded once; the link is checked on the way). */
export function useRescheduleDetails(token: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['reschedule', token],
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      api.request(apiRoutes.selfService.rescheduleDetails, {
        query: { token: token ?? '' },
        headers: NO_CACHE_HEADERS,
        signal,
      }),
  });
}

/** The server's message for an answer, the fallback for other answers, and the network text. */
export function selfServiceErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status !== 0) return error.serverMessage ?? fallback;
  return SelfServiceMessages.unexpected;
}

export function useReschedule() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: RescheduleRequest) =>
      api.request(apiRoutes.selfService.reschedule, { body }),
  });
}
