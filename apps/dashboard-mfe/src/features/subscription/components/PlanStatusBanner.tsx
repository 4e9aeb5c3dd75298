import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { isProfessionalActive, PLANS } from '@slotwise/contracts';
import { Alert, toast } from '@slotwise/ui';
import { ownerKeys, useOwner } from '../../owner';
import { useSubscriptionStatus } from '../api';
import { PausedByPlanNotice } from './PausedByPlanNotice';

/** How long the dashboard waits for Stripe's webhook after a payment before saying so. */
const ACTIVATION_WAIT_MS = 60_000;
const POLL_MS = 1500;

/**
 * On the dashboard: after a payment (Stripe's return_url adds redirect_status=succeeded) the plan
 * changes only when the webhook lands, so the status is polled briefly; and a lapsed plan's paused
 * staff and services are listed.
 */
export function PlanStatusBanner() {
  const { session } = useOwner();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const returned = params.get('redirect_status') === 'succeeded';
  const [waiting, setWaiting] = useState(returned);
  const [timedOut, setTimedOut] = useState(false);
  const status = useSubscriptionStatus({ poll: waiting ? POLL_MS : false });
  const active = status.data ? isProfessionalActive(status.data) : false;
  const announced = useRef(false);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => {
      setWaiting(false);
      setTimedOut(true);
    }, ACTIVATION_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  useEffect(() => {
    if (!returned || !active || announced.current) return;
    announced.current = true;
    setWaiting(false);
    void client.invalidateQueries({ queryKey: ownerKeys.business(session.user.id) });
    toast({
      title: 'Welcome to Professional',
      description: `Your plan is active: you can now add up to ${PLANS.professional.maxStaff} staff members.`,
      variant: 'success',
    });
    setParams(
      (p) => {
        p.delete('redirect_status');
        p.delete('payment_intent');
        p.delete('payment_intent_client_secret');
        return p;
      },
      { replace: true },
    );
  }, [returned, active, client, session.user.id, setParams]);

  return (
    <>
      {waiting && !active && (
        <Alert variant="info" title="Payment received">
          Activating your Professional plan… this takes a few seconds.
        </Alert>
      )}
      {timedOut && !active && (
        <Alert variant="warning" title="Your plan is still updating">
          Your payment went through, but we have not heard back from Stripe yet. Your plan will
          update shortly; refresh this page in a minute.
        </Alert>
      )}
      {status.data && <PausedByPlanNotice status={status.data} />}
    </>
  );
}
