import { type CSSProperties, Suspense, lazy, useEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LoadingState, useDocumentTitle } from '@slotwise/ui';
import { useServices, useStaff } from '../api';
import {
  type EmbedMessageType,
  type EmbedOptions,
  embedMessage,
  embedOptions,
  verifiedHostOrigin,
} from '../embed-options';
import { useBusinessBySlugOrId } from '../useBusinessBySlugOrId';
import { EMPTY_FORM, createWizardStore } from '../wizard-store';
import { WizardProvider } from '../WizardProvider';
import { type BookingOutcome, BookingWizard } from './BookingPage';
import '../booking.css';

const BusinessNotFound = lazy(() =>
  import('./BusinessNotFound').then((m) => ({ default: m.BusinessNotFound })),
);

/** The host page's origin, checked against what the browser says of the parent frame. */
function hostOrigin(options: EmbedOptions): string | null {
  if (typeof window === 'undefined' || window.parent === window) return null;
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList })
    .ancestorOrigins;
  return verifiedHostOrigin(options.hostOrigin, {
    ancestorOrigin: ancestors && ancestors.length > 0 ? ancestors[0] : null,
    referrer: document.referrer || null,
  });
}

/** Posts to the host page, only ever to its verified origin (never '*'). */
function useHostMessages(options: EmbedOptions) {
  const target = useMemo(() => hostOrigin(options), [options]);
  return useMemo(
    () => (type: EmbedMessageType, data?: unknown) => {
      if (target) window.parent.postMessage(embedMessage(options.frameId, type, data), target);
    },
    [target, options.frameId],
  );
}

/**
 * The booking widget's page (/embed/{slug}): the booking flow alone, in an iframe on the
 * business's own site. It reports its height (the loader sizes the frame, so there is never an
 * inner scrollbar), `ready`, `booking.created` and `booking.failed`. Nothing here reads cookies
 * or storage: browsers block both for third-party frames.
 */
export default function EmbedPage() {
  const { businessSlug = '' } = useParams();
  const [search] = useSearchParams();
  const searchKey = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- parsed once per address
  const options = useMemo(() => embedOptions(search), [searchKey]);
  const post = useHostMessages(options);
  const business = useBusinessBySlugOrId(businessSlug, '/embed');
  const services = useServices(businessSlug);
  // The same query the wizard runs for the service (shared cache): checks a preselected member.
  const staff = useStaff(businessSlug, options.serviceId);
  const root = useRef<HTMLDivElement>(null);
  useDocumentTitle(business.data ? `Book with ${business.data.name}` : 'Book');

  // The frame follows the content's height (the loader sets the iframe's height from it).
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height !== last) post('resize', { height: (last = height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [post]);

  // Keys pressed in the frame never reach the host page: Escape is passed on to close a popup.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) post('close');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [post]);

  const settled =
    !business.isPending &&
    !services.isPending &&
    (options.staffId === null || options.serviceId === null || !staff.isPending);
  const announced = useRef(false);
  useEffect(() => {
    if (!settled || announced.current) return;
    announced.current = true;
    post('ready', { business: business.data?.slug ?? null, found: !business.isError });
  }, [settled, post, business.data?.slug, business.isError]);

  const outcome = useMemo<BookingOutcome>(
    () => ({
      embedded: true,
      // No personal details leave the frame: the host page gets what was booked, not by whom.
      onBooked: ({ response }) =>
        post('booking.created', {
          reference: `#${response.appointment.id}`,
          id: response.appointment.id,
          status: response.appointment.status,
          start: response.appointment.date,
          end: response.appointment.end,
          service: { id: response.service.id, name: response.service.name },
          staff: response.staff ? { id: response.staff.id, name: response.staff.name } : null,
        }),
      onFailed: (failure) => post('booking.failed', failure),
    }),
    [post],
  );

  const accentStyle = options.accent
    ? ({
        '--sw-color-primary': options.accent,
        '--sw-color-primary-hover': options.accent,
        '--sw-color-primary-active': options.accent,
      } as CSSProperties)
    : undefined;

  let body;
  if (!settled) {
    body = <LoadingState title="Loading Booking Page" />;
  } else if (business.isError) {
    body = (
      <Suspense fallback={null}>
        <BusinessNotFound slug={businessSlug} />
      </Suspense>
    );
  } else {
    // A service or staff member the business no longer offers starts at step 1 instead.
    const service = services.data?.find((s) => s.id === options.serviceId) ?? null;
    const store = createWizardStore({
      ...(service
        ? {
            step: 2,
            serviceId: service.id,
            staffChoice: staff.data?.some((m) => m.id === options.staffId) ? options.staffId : null,
          }
        : { step: 1 }),
      form: { ...EMPTY_FORM, ...options.prefill },
    });
    body = (
      <WizardProvider key={`${businessSlug}?${searchKey}`} store={store}>
        <BookingWizard slug={businessSlug} business={business.data!} outcome={outcome} />
      </WizardProvider>
    );
  }
  return (
    <div ref={root} className="bk-embed" style={accentStyle}>
      {body}
    </div>
  );
}
