import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  type PaymentRecordsQueryInput,
  type UpdatePaymentPolicyRequest,
  apiRoutes,
} from '@slotwise/contracts';
import { ownerKeys } from '../owner';

export const paymentKeys = {
  status: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'payments'] as const,
  policy: (businessId: number) =>
    [...ownerKeys.ofBusiness(businessId), 'payments', 'policy'] as const,
  records: (businessId: number, query: PaymentRecordsQueryInput) =>
    [...ownerKeys.ofBusiness(businessId), 'payments', 'records', query] as const,
};

/** The business's Stripe account: not configured here, not connected, onboarding or enabled. */
export function usePaymentsStatus(businessId: number, options: { poll?: number | false } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: paymentKeys.status(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.payments.status, { params: { id: businessId }, signal }),
    refetchInterval: options.poll ?? false,
  });
}

/** 'Connect with Stripe': an Account Link to Stripe's onboarding, opened in this tab. */
export function useConnectStripe(businessId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: () => api.request(apiRoutes.payments.connect, { params: { id: businessId } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function usePaymentPolicy(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: paymentKeys.policy(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.payments.policy, { params: { id: businessId }, signal }),
  });
}

export function useSavePaymentPolicy(businessId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePaymentPolicyRequest) =>
      api.request(apiRoutes.payments.updatePolicy, { params: { id: businessId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(paymentKeys.policy(businessId), saved);
      // The public booking page shows each service's policy.
      void client.invalidateQueries({ queryKey: ['business'] });
    },
  });
}

/** Charges and refunds, newest first: of the business, an appointment or a client. */
export function usePaymentRecords(
  businessId: number,
  query: PaymentRecordsQueryInput,
  options: { enabled?: boolean; poll?: number | false } = {},
) {
  const api = useApiClient();
  return useQuery({
    queryKey: paymentKeys.records(businessId, query),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.payments.charges, { params: { id: businessId }, query, signal }),
    enabled: options.enabled ?? true,
    refetchInterval: options.poll ?? false,
    placeholderData: (previous) => previous,
  });
}
