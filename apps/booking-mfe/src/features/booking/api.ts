import { type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query';
import {
  type AvailableTime,
  type Business,
  type CreateAppointmentRequest,
  type CreateAppointmentResponse,
  type Service,
  type StaffMember,
} from '@slotwise/contracts';
import { NO_CACHE_HEADERS, apiGet, apiRequest, toast } from '@slotwise/ui';

const bySlug = (slug: string) => `/api/business/slug/${encodeURIComponent(slug)}`;

export const bookingKeys = {
  business: (slug: string) => ['business', 'slug', slug] as const,
  services: (slug: string) => ['business', 'slug', slug, 'services'] as const,
  staff: (slug: string, serviceId: number | null) =>
    ['business', 'slug', slug, 'staff', serviceId] as const,
  /** Prefix of every availability query of a business (invalidated after a booking). */
  allTimes: (slug: string) => ['business', 'slug', slug, 'available-times'] as const,
  times: (slug: string, date: string | null, serviceId: number | null, staffId: number | null) =>
    [...bookingKeys.allTimes(slug), date, serviceId, staffId] as const,
};

export function useBusiness(slug: string) {
  return useQuery({
    queryKey: bookingKeys.business(slug),
    queryFn: ({ signal }) => apiGet<Business>(bySlug(slug), { signal }),
  });
}

export function useServices(slug: string) {
  return useQuery({
    queryKey: bookingKeys.services(slug),
    queryFn: async ({ signal }) => {
      try {
        const services = await apiGet<Service[]>(`${bySlug(slug)}/services`, { signal });
        return services.filter((s) => s.isActive !== false);
      } catch (error) {
        toast({
          title: 'Error loading services',
          description: 'Please try again later.',
          variant: 'destructive',
        });
        throw error;
      }
    },
  });
}

/** Staff who offer the chosen service (decision 7), fetched once a service is chosen. */
export function useStaff(slug: string, serviceId: number | null) {
  return useQuery({
    queryKey: bookingKeys.staff(slug, serviceId),
    enabled: serviceId !== null,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<StaffMember[]>(`${bySlug(slug)}/staff?serviceId=${serviceId}`, {
          signal,
        });
      } catch (error) {
        toast({
          title: 'Error loading staff',
          description: 'Please try again later.',
          variant: 'destructive',
        });
        throw error;
      }
    },
  });
}

/** True when a mounted component shows this query (so a background re-fetch stays quiet). */
function isOnScreen(client: QueryClient, queryKey: QueryKey): boolean {
  return (client.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0;
}

export interface TimesQuery {
  slug: string;
  date: string | null;
  serviceId: number | null;
  staffId: number | null;
  /**
   * The customer picked this person themselves. Only then does an empty day earn the 'fully
   * booked for the selected staff member' toast; a closed day or an automatic pick does not.
   */
  staffChosen: boolean;
  enabled: boolean;
}

/** Live availability: never served from any cache (nocache parameter and no-cache headers). */
export function useAvailableTimes({
  slug,
  date,
  serviceId,
  staffId,
  staffChosen,
  enabled,
}: TimesQuery) {
  return useQuery({
    queryKey: bookingKeys.times(slug, date, serviceId, staffId),
    enabled: enabled && date !== null && serviceId !== null,
    staleTime: 0,
    queryFn: async ({ signal, client, queryKey }) => {
      const params = new URLSearchParams({ date: date ?? '', serviceId: String(serviceId) });
      if (staffId !== null) params.set('staffId', String(staffId));
      params.set('nocache', String(Date.now()));
      try {
        const times = await apiGet<AvailableTime[]>(`${bySlug(slug)}/available-times?${params}`, {
          signal,
          headers: NO_CACHE_HEADERS,
        });
        if (times.length === 0 && staffChosen && isOnScreen(client, queryKey)) {
          toast({
            title: 'No available times',
            description:
              'This date is fully booked for the selected staff member. Please select another date or staff member.',
            variant: 'info',
          });
        }
        return times;
      } catch (error) {
        if (signal.aborted || !isOnScreen(client, queryKey)) throw error;
        toast({
          title: 'Failed to load available times',
          description: 'Please try again or select a different date.',
          variant: 'destructive',
        });
        throw error;
      }
    },
  });
}

export function createAppointment(body: CreateAppointmentRequest) {
  return apiRequest<CreateAppointmentResponse>('POST', '/api/appointments', { body });
}
