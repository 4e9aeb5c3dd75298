import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { type TestEmailRequest, type TestSmsRequest, apiRoutes } from '@slotwise/contracts';

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
