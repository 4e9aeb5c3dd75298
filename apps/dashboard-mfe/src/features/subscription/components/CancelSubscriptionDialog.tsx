import { PLANS, servicesLine, staffLine } from '@slotwise/contracts';
import { Alert, Button, Dialog } from '@slotwise/ui';
import { StatusLine } from '../../owner';
import { useOwnerServices } from '../../services';
import { useOwnerStaff } from '../../staff';
import { pausedOnFree } from '../lapse';
import '../subscription.css';

const names = (rows: { name: string }[]) => rows.map((r) => r.name).join(', ');

/**
 * Asked before the subscription is cancelled: what the owner keeps until the period ends, and
 * what the Free plan's limits will pause then (named from today's staff and services).
 */
export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  businessId,
  endDate,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessId: number;
  /** '5 Mar 2027': the end of the paid period, in the business's zone; null when unknown. */
  endDate: string | null;
  busy: boolean;
  onConfirm: () => void;
}) {
  const staff = useOwnerStaff(businessId);
  const services = useOwnerServices(businessId);
  const free = PLANS.free;
  const then = endDate ? `On ${endDate}` : 'When the paid period ends';
  const loaded = staff.isSuccess && services.isSuccess;
  const paused = pausedOnFree(staff.data ?? [], services.data ?? []);
  const pausesSome = paused.staff.length > 0 || paused.services.length > 0;
  const losesReminders = PLANS.professional.smsReminders && !free.smsReminders;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Cancel your Professional subscription?"
      description={
        endDate
          ? `Your business stays on Professional until ${endDate}. The subscription will not renew.`
          : 'Your business stays on Professional until the end of the period you have paid for. The subscription will not renew.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Keep Subscription
          </Button>
          <Button variant="destructive" onClick={onConfirm} loading={busy}>
            Cancel Subscription
          </Button>
        </>
      }
    >
      <div className="sw-stack" data-testid="cancel-subscription-consequences">
        <p>
          {then} your business moves to the Free plan: {staffLine(free)} and {servicesLine(free)}
          {losesReminders ? ', and customers no longer get SMS reminders.' : '.'}
        </p>
        {!loaded ? (
          <StatusLine>
            {staff.isError || services.isError
              ? 'Could not check which staff and services the Free plan would pause.'
              : 'Checking your staff and services…'}
          </StatusLine>
        ) : pausesSome ? (
          <Alert variant="warning" title="These will be paused">
            <div className="sw-stack">
              <p>
                As things stand today, customers can&apos;t book these from then until you upgrade
                again. Nothing is deleted.
              </p>
              <ul className="dash-paused__list">
                {paused.staff.length > 0 && (
                  <li>
                    <strong>Staff:</strong> {names(paused.staff)}
                  </li>
                )}
                {paused.services.length > 0 && (
                  <li>
                    <strong>Services:</strong> {names(paused.services)}
                  </li>
                )}
              </ul>
            </div>
          </Alert>
        ) : (
          <p className="dash-muted">
            Your staff and active services fit the Free plan, so nothing will be paused.
          </p>
        )}
      </div>
    </Dialog>
  );
}
