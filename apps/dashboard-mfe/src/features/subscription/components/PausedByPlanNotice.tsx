import { Link } from 'react-router';
import { PLANS, type SubscriptionStatus } from '@slotwise/contracts';
import { Alert, buttonClassName } from '@slotwise/ui';

const list = (items: { name: string }[]) => items.map((i) => i.name).join(', ');

/**
 * Tells the owner what a lapsed subscription paused (staff and services beyond the Free plan's
 * limits) and why; nothing was deleted, and upgrading again brings them back.
 */
export function PausedByPlanNotice({ status }: { status: SubscriptionStatus }) {
  const { staff, services } = status.paused;
  if (staff.length === 0 && services.length === 0) return null;
  const reason =
    status.status === 'past_due' || status.status === 'unpaid'
      ? "your last subscription payment didn't go through"
      : 'your Professional subscription is no longer active';
  return (
    <Alert variant="warning" title="Some staff and services are paused" className="dash-paused">
      <div className="sw-stack">
        <p>
          Because {reason}, your business is on the Free plan ({PLANS.free.maxStaff} staff member
          and {PLANS.free.maxActiveServices} active service). Customers can't book these until you
          upgrade again. Nothing has been deleted.
        </p>
        <ul className="dash-paused__list">
          {staff.length > 0 && (
            <li>
              <strong>Staff:</strong> {list(staff)}
            </li>
          )}
          {services.length > 0 && (
            <li>
              <strong>Services:</strong> {list(services)}
            </li>
          )}
        </ul>
        <div>
          <Link to="/subscribe" className={buttonClassName({ size: 'sm' })}>
            Upgrade to Professional
          </Link>
        </div>
      </div>
    </Alert>
  );
}
