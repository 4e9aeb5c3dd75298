import { useMutation } from '@tanstack/react-query';
import {
  type ManualMessageResponse,
  type TestEmailRequest,
  type TestSmsRequest,
} from '@slotwise/contracts';
import { useOwner } from '../owner/OwnerContext';

/** POST /api/test-email: a reminder to a customer, or the Testing Tools' test to the owner. */
export function useSendEmail() {
  const { request } = useOwner();
  return useMutation({
    mutationFn: (body: TestEmailRequest) =>
      request<ManualMessageResponse>('POST', '/api/test-email', { body }),
  });
}

/** POST /api/test-sms: a reminder to a customer, or the Testing Tools' test to the owner. */
export function useSendSms() {
  const { request } = useOwner();
  return useMutation({
    mutationFn: (body: TestSmsRequest) =>
      request<ManualMessageResponse>('POST', '/api/test-sms', { body }),
  });
}
