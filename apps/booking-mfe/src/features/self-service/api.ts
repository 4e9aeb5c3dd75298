import { useMutation, useQuery } from '@tanstack/react-query';
import { NO_CACHE_HEADERS, isApiError, useApiClient } from '@slotwise/api-client';
import { type RescheduleRequest, SelfServiceMessages, apiRoutes } from '@slotwise/contracts';

/**
 * The booking behind a cancel link, read without cancelling it: opening the link (mail scanners
 * do) must cancel nothing.
 */
export function useCancelDetails(token: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['cancel', token],
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      api.request(apiRoutes.selfService.cancelDetails, {
        query: { token: token ?? '' },
        headers: NO_CACHE_HEADERS,
        signal,
      }),
  });
}

/** The cancel page's button: the token in the body, never in a URL that a scanner follows. */
export function useCancelAppointment() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.request(apiRoutes.selfService.cancelByPost, { body: { token } }),
  });
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
