import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { type Business, apiRoutes } from '@slotwise/contracts';
import { bookingKeys } from '../../query-keys';

/** Slugs always contain a letter, so a segment of digits only is a business id. */
const ID_SEGMENT = /^\d+$/;

/** The page's business, in the three states the page shows (loading, not found, the wizard). */
export type BusinessLookup =
  | { isPending: true; isError: false; data: undefined }
  | { isPending: false; isError: true; data: undefined }
  | { isPending: false; isError: false; data: Business };

/**
 * The business of `/book/{slug or id}`. An id, an old slug (the owner changed the link) or a slug
 * typed in capitals loads the business, and the address is replaced with its current slug, so
 * the page (its calls, the customer's bookmark) always goes by the current one.
 */
export function useBusinessBySlugOrId(segment: string, basePath = '/book'): BusinessLookup {
  const api = useApiClient();
  const byId = ID_SEGMENT.test(segment);
  const query = useQuery({
    queryKey: byId ? ['business', 'id', segment] : bookingKeys.business(segment),
    queryFn: ({ signal }) =>
      byId
        ? api.request(apiRoutes.businesses.byId, { params: { id: segment }, signal })
        : api.request(apiRoutes.businesses.bySlug, { params: { slug: segment }, signal }),
  });
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const current = query.data?.slug;
  const moved = current !== undefined && current !== segment;

  useEffect(() => {
    if (moved)
      void navigate({ pathname: `${basePath}/${current}`, search, hash }, { replace: true });
  }, [moved, current, search, hash, navigate, basePath]);

  if (query.isError) return { isPending: false, isError: true, data: undefined };
  // Until the address shows the current slug, the page waits rather than call by the old one.
  if (query.data === undefined || moved) {
    return { isPending: true, isError: false, data: undefined };
  }
  return { isPending: false, isError: false, data: query.data };
}
