import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@slotwise/ui';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}
