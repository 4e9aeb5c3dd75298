import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { isApiError, useApiClient } from '@slotwise/api-client';
import { type AffectedBooking, type AffectedBookingsRequest, apiRoutes } from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import { type AffectedBookingsDialogProps } from './components/AffectedBookingsDialog';

interface Waiting {
  /** False while the dialog closes: its text stays until it has gone. */
  open: boolean;
  bookings: AffectedBooking[];
  confirmLabel: string;
  proceed: () => void;
}

/**
 * Asks the API which upcoming bookings a change of hours would leave outside them before the change
 * is saved. `guard(change, proceed)` goes straight on when none would; otherwise the dialog lists
 * them, and only the owner's confirmation goes on.
 */
export function useAffectedBookings(businessId: number, timeZone: string) {
  const api = useApiClient();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const check = useMutation({
    mutationFn: (change: AffectedBookingsRequest) =>
      api.request(apiRoutes.availability.affectedBookings, {
        params: { id: businessId },
        body: change,
      }),
  });

  const guard = (
    change: AffectedBookingsRequest,
    proceed: () => void,
    confirmLabel = 'Save Anyway',
  ) => {
    check.mutate(change, {
      onSuccess: (bookings) => {
        if (bookings.length === 0) proceed();
        else setWaiting({ open: true, bookings, confirmLabel, proceed });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description:
            (isApiError(error) ? error.serverMessage : null) ??
            'Could not check your upcoming bookings. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  const dialog: AffectedBookingsDialogProps = {
    open: waiting?.open ?? false,
    onOpenChange: (open) => !open && setWaiting((w) => w && { ...w, open: false }),
    bookings: waiting?.bookings ?? [],
    confirmLabel: waiting?.confirmLabel ?? '',
    timeZone,
    onConfirm: () => {
      if (!waiting?.open) return;
      setWaiting({ ...waiting, open: false });
      waiting.proceed();
    },
  };

  return { guard, checking: check.isPending, dialog };
}
