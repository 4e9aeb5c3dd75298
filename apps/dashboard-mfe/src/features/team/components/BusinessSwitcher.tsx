import '../team.css';
import { chooseBusiness } from '@slotwise/api-client';
import { ROLE_LABELS } from '@slotwise/contracts';
import { SelectField } from '../../owner';
import { useMemberships } from '../api';

/**
 * For a person in more than one business: which one the screens (and every API call) act on.
 * The choice is kept in this browser; the page reloads so every screen reads the new business.
 */
export function BusinessSwitcher({ businessId }: { businessId: number }) {
  const memberships = useMemberships();
  const list = memberships.data ?? [];
  if (list.length < 2) return null;
  return (
    <SelectField
      id="business-switcher"
      label="Business"
      className="team-switcher"
      value={String(businessId)}
      choices={list.map((m) => ({
        value: String(m.businessId),
        label: `${m.businessName} (${ROLE_LABELS[m.role]})`,
      }))}
      onChange={(value) => {
        chooseBusiness(Number(value));
        window.location.reload();
      }}
    />
  );
}
