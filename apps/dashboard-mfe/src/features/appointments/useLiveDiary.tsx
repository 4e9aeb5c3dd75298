import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type StreamStatus, useApiClient } from '@slotwise/api-client';
import { apiRoutes, LIVE_EVENT } from '@slotwise/contracts';
import { appointmentKeys } from './api';

/** Events arriving together (a staff member's bookings reassigned) refresh the diary once. */
const COALESCE_MS = 100;

/**
 * The live diary: while the dashboard is open it listens to the business's event stream, and each
 * booking made, moved or cancelled by anyone (a customer online, another screen, the system)
 * refreshes every appointment query (diary, lists, counts, free times), so it shows within
 * 2 seconds and a slot someone else took is drawn taken before anyone drags onto it. After a
 * reconnect the server replays what was missed; the diary is refreshed once more anyway, in case
 * more was missed than it keeps.
 */
export function useLiveDiary(businessId: number): StreamStatus {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');

  useEffect(() => {
    if (businessId <= 0 || !api.listen) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connections = 0;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: appointmentKeys.all(businessId) }),
        COALESCE_MS,
      );
    };
    const stop = api.listen(apiRoutes.activity.events, {
      params: { id: businessId },
      onEvent: (event) => {
        if (event.event === LIVE_EVENT.booking) refresh();
        else if (event.event === LIVE_EVENT.ready && ++connections > 1) refresh();
      },
      onStatus: setStatus,
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [api, queryClient, businessId]);

  return status;
}

const LABELS: Record<StreamStatus, string> = {
  connecting: 'Connecting…',
  open: 'Live',
  retrying: 'Reconnecting…',
  closed: 'Not live',
};

/** A small mark by the diary's title: whether changes by others are arriving live. */
export function LiveIndicator({ status }: { status: StreamStatus }) {
  return (
    <span className="dash-live" data-status={status} role="status" aria-live="polite">
      <span className="dash-live__dot" aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}
