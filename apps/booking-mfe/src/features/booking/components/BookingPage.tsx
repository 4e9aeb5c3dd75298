import { Suspense, lazy, useCallback } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@slotwise/api-client';
import { type Business, ErrorCode, type Service } from '@slotwise/contracts';
import {
  Container,
  LoadingState,
  MapPinIcon,
  Skeleton,
  toast,
  useDocumentTitle,
} from '@slotwise/ui';
import { bookingKeys } from '../../../query-keys';
import { useCreateAppointment, useServices, useStaff } from '../api';
import {
  BOOKING_FAILED_TITLE,
  bookingErrorMessage,
  detailsErrors,
  refusedTime,
} from '../booking-errors';
import { confirmedBooking, heldBooking } from '../payment-api';
import { type BookingSubmission } from '../submission';
import { useBusinessBySlugOrId } from '../useBusinessBySlugOrId';
import { type BookingConfirmation, effectiveStaffId } from '../wizard-store';
import { WizardProvider, useWizard } from '../WizardProvider';
import { ProgressSteps } from './ProgressSteps';
import { ServiceStep } from './ServiceStep';
import '../booking.css';

// Only step 1 ships with the page (phone budget): each later view is its own chunk. Step 2 brings
// the calendar, step 3 the form validation (zod).
const DateTimeStep = lazy(() => import('./DateTimeStep'));
const DetailsStep = lazy(() => import('./DetailsStep'));
const Confirmation = lazy(() => import('./Confirmation'));
// Stripe.js and its React bindings load only when a booking asks for a deposit or a card.
const PaymentStep = lazy(() => import('./PaymentStep'));
// Only a wrong or old link shows it, so it is not part of the page's first download.
const BusinessNotFound = lazy(() =>
  import('./BusinessNotFound').then((m) => ({ default: m.BusinessNotFound })),
);

export default function BookingPage() {
  const { businessSlug = '' } = useParams();
  const business = useBusinessBySlugOrId(businessSlug);
  useDocumentTitle(
    business.data
      ? `Book with ${business.data.name}`
      : business.isError
        ? 'Business Not Found'
        : 'Book',
  );

  if (business.isPending) {
    return (
      <LoadingState
        title="Loading Booking Page"
        description="We're preparing the booking information for this business. This should only take a moment..."
      />
    );
  }
  if (business.isError) {
    return (
      <Suspense fallback={null}>
        <BusinessNotFound slug={businessSlug} />
      </Suspense>
    );
  }
  return (
    // A new store for each business page: nothing chosen for one carries over to another.
    <WizardProvider key={businessSlug}>
      <BookingWizard slug={businessSlug} business={business.data} />
    </WizardProvider>
  );
}

/** What a page around the wizard hears of its outcome (the widget tells the host page). */
export interface BookingOutcome {
  onBooked?: (confirmation: BookingConfirmation) => void;
  onFailed?: (failure: { message: string; code: string | null }) => void;
  /** Inside the widget: no links that would take the frame off the booking flow. */
  embedded?: boolean;
}

export function BookingWizard({
  slug,
  business,
  outcome = {},
}: {
  slug: string;
  business: Business;
  outcome?: BookingOutcome;
}) {
  const wizard = useWizard((w) => w);
  const queryClient = useQueryClient();
  const services = useServices(slug);
  const staff = useStaff(slug, wizard.serviceId);
  const service: Service | null = services.data?.find((s) => s.id === wizard.serviceId) ?? null;
  const staffId = effectiveStaffId(wizard.staffChoice, staff.data);
  const staffMember = staff.data?.find((m) => m.id === staffId) ?? null;
  const booking = useCreateAppointment();

  // Re-fetch the booked day's times at once (the step-2 query is unmounted on step 3, so a plain
  // invalidation would wait until the customer goes back), and mark other days stale.
  const refetchTimes = async () => {
    const key = bookingKeys.times(slug, wizard.date, wizard.serviceId, staffId);
    await queryClient.refetchQueries({ queryKey: key, exact: true, type: 'all' });
    await queryClient.invalidateQueries({ queryKey: bookingKeys.allTimes(slug) });
  };

  const confirmed = (confirmation: BookingConfirmation) => {
    toast({
      title: 'Appointment booked successfully!',
      description: 'Your appointment has been confirmed.',
      variant: 'success',
    });
    void queryClient.invalidateQueries({ queryKey: bookingKeys.business(slug), exact: true });
    wizard.booked(confirmation);
    outcome.onBooked?.(confirmation);
  };

  const submit = (submission: BookingSubmission) => {
    booking.mutate(submission.request, {
      onSuccess: (response) => {
        void refetchTimes();
        const draft: BookingConfirmation = {
          response,
          name: submission.name,
          phone: submission.phone,
          email: submission.request.email ?? null,
          serviceName: submission.serviceName,
          start: submission.request.date,
        };
        // A deposit or a card first: the booking is confirmed when Stripe's webhook says so.
        const held = heldBooking(draft);
        if (held) wizard.hold(held);
        else confirmed(draft);
      },
      onError: (error) => {
        // A refused detail (a number that cannot be real…) is shown beside its field instead.
        const fields = detailsErrors(error);
        const message = bookingErrorMessage(error);
        outcome.onFailed?.({ message, code: (isApiError(error) && error.code) || null });
        if (fields) {
          wizard.detailsRefused(fields);
          return;
        }
        // The policy changed since the page loaded: show the new wording to accept again.
        if (isApiError(error) && error.code === ErrorCode.POLICY_NOT_ACCEPTED) {
          wizard.acceptPolicy(false);
          void queryClient.invalidateQueries({ queryKey: bookingKeys.services(slug) });
        }
        const refused = refusedTime(error);
        // The customer must choose again from what is really free now.
        if (refused) void refetchTimes();
        if (refused === 'taken') wizard.bookingFailed(message);
        else if (isApiError(error)) console.error('[booking] appointment request failed', error);
        toast({ title: BOOKING_FAILED_TITLE, description: message, variant: 'destructive' });
      },
    });
  };

  const held = wizard.held;
  const onPaymentConfirmed = useCallback(() => {
    if (held) confirmed(confirmedBooking(held));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per held booking
  }, [held]);

  return (
    <div className="bk-page">
      <BusinessHeader business={business} />
      <Container narrow className="bk-body">
        <Suspense fallback={<StepLoading />}>
          {wizard.held ? (
            <PaymentStep
              key={wizard.held.appointmentId}
              held={wizard.held}
              focusHeading={wizard.acted}
              onConfirmed={onPaymentConfirmed}
              onStartAgain={() => {
                booking.reset();
                void refetchTimes();
                wizard.chooseAnotherTime();
              }}
            />
          ) : wizard.confirmation ? (
            <Confirmation
              confirmation={wizard.confirmation}
              timeZone={business.timeZone}
              focusHeading={wizard.acted}
              homeLink={!outcome.embedded}
              onBookAnother={() => {
                booking.reset();
                wizard.reset();
              }}
            />
          ) : (
            <>
              <ProgressSteps current={wizard.step} />
              {wizard.step === 1 && (
                <ServiceStep
                  focusHeading={wizard.acted}
                  services={services.data}
                  isLoading={services.isPending}
                  isError={services.isError}
                  selectedId={wizard.serviceId}
                  onSelect={wizard.selectService}
                />
              )}
              {wizard.step === 2 && service && (
                <DateTimeStep
                  focusHeading={wizard.acted}
                  slug={slug}
                  business={business}
                  service={service}
                  staff={staff.data}
                  staffLoading={staff.isPending}
                  staffSettled={staff.isSuccess || staff.isError}
                  staffId={staffId}
                />
              )}
              {wizard.step === 3 && (
                <DetailsStep
                  focusHeading={wizard.acted}
                  businessId={business.id}
                  service={service}
                  staffMember={staffMember}
                  submitting={booking.isPending}
                  onSubmit={submit}
                />
              )}
            </>
          )}
        </Suspense>
      </Container>
    </div>
  );
}

function StepLoading() {
  return (
    <div className="bk-step" role="status" aria-live="polite">
      <span className="sw-visually-hidden">Loading…</span>
      <Skeleton width="40%" height={28} />
      <Skeleton height={320} radius={14} />
    </div>
  );
}

function BusinessHeader({ business }: { business: Business }) {
  return (
    <header className="bk-business">
      <Container narrow className="bk-business__inner">
        <div className="bk-business__logo" aria-hidden="true">
          {business.logo ? <img src={business.logo} alt="" /> : business.name.slice(0, 1)}
        </div>
        <div className="bk-business__text">
          <p className="sw-eyebrow">Book an appointment</p>
          <h1 className="bk-business__name">{business.name}</h1>
          {business.description && (
            <p className="bk-business__description">{business.description}</p>
          )}
          {business.address && (
            <p className="bk-business__meta">
              <MapPinIcon width={16} height={16} />
              {business.address}
            </p>
          )}
        </div>
      </Container>
    </header>
  );
}
