import { useMutation, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { type CreateAppointmentRequest, apiRoutes } from '@slotwise/contracts';
import { type ToastOptions, toast } from '@slotwise/ui';
import { bookingKeys } from '../../query-keys';

/** The request's answer; when it fails, the toast is shown and the error passed on. */
async function toastOnFailure<T>(request: Promise<T>, failure: ToastOptions): Promise<T> {
  try {
    return await request;
  } catch (error) {
    toast(failure);
    throw error;
  }
}

const tryAgainLater = (title: string): ToastOptions => ({
  title,
  description: 'Please try again later.',
  variant: 'destructive',
});

/** A failed lookup shows Business Not Found (the page reads the query's error state). */
export function useBusiness(slug: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: bookingKeys.business(slug),
    queryFn: ({ signal }) => api.request(apiRoutes.businesses.bySlug, { params: { slug }, signal }),
  });
}

export function useServices(slug: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: bookingKeys.services(slug),
    queryFn: async ({ signal }) => {
      const services = await toastOnFailure(
        api.request(apiRoutes.services.listBySlug, { params: { slug }, signal }),
        tryAgainLater('Error loading services'),
      );
      return services.filter((s) => s.isActive !== false);
    },
  });
}

/** Staff who offer the chosen service, fetched once a service is chosen. */
export function useStaff(slug: string, serviceId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: bookingKeys.staff(slug, serviceId),
    enabled: serviceId !== null,
    queryFn: ({ signal }) =>
      toastOnFailure(
        api.request(apiRoutes.staff.listBySlug, {
          params: { slug },
          query: { serviceId: serviceId ?? undefined },
          signal,
        }),
        tryAgainLater('Error loading staff'),
      ),
  });
}

export function useCreateAppointment() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: CreateAppointmentRequest) =>
      api.request(apiRoutes.appointments.create, { body }),
  });
}
