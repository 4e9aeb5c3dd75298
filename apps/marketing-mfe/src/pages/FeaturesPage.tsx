import { Link } from 'react-router';
import { PLANS, PUBLIC_PAGES } from '@slotwise/contracts';
import { CheckIcon, CloseIcon, buttonClassName } from '@slotwise/ui';
import { CheckList, InfoCards, MarketingPage, Section } from '../components/MarketingPage';
import { COMPARED_PLANS, comparisonRows } from '../plan-copy';

const FEATURE_GROUPS = [
  {
    title: 'Online booking',
    items: [
      'A booking page at your own Slotwise link, open around the clock',
      'Customers choose a service, a staff member, a date and a time',
      'Only real free times are offered, so a slot can never be double booked',
      'No customer account or app: a name and mobile number is all it takes',
    ],
  },
  {
    title: 'Customer messages',
    items: [
      'SMS confirmation for every booking, with links to cancel or reschedule',
      'Cancellations free the slot for someone else straight away',
      'SMS reminders before the appointment on paid plans',
    ],
  },
  {
    title: 'Running your business',
    items: [
      'Services with their own length and price in Australian dollars',
      'Staff members, each with their own bookings',
      'Weekly opening hours and the length of your booking slots',
      'Times in your business’s time zone, daylight saving included',
      'An email to you for every new booking',
    ],
  },
];

function Cell({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <span className="mk-compare__yes">
      <CheckIcon aria-hidden="true" />
      <span className="sw-visually-hidden">Included</span>
    </span>
  ) : (
    <span className="mk-compare__no">
      <CloseIcon aria-hidden="true" />
      <span className="sw-visually-hidden">Not included</span>
    </span>
  );
}

export default function FeaturesPage() {
  const rows = comparisonRows();
  return (
    <MarketingPage
      {...PUBLIC_PAGES['/features']}
      eyebrow="Features"
      heading="Everything a small service business needs to take bookings"
      lead="Built for salons, clinics and tradies: customers book themselves, and you keep control of your services, staff and hours."
    >
      <InfoCards items={FEATURE_GROUPS} heading="h2">
        {(group) => <CheckList items={group.items} />}
      </InfoCards>
      <Section
        id="compare"
        title="Compare plans"
        intro="Prices are in Australian dollars. The limits below are the ones the app enforces."
      >
        <div
          className="mk-compare sw-card"
          role="region"
          aria-labelledby="compare-title"
          tabIndex={0}
        >
          <table className="mk-compare__table">
            <caption className="sw-visually-hidden">
              Free, Professional and Business plans compared
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sw-visually-hidden">Feature</span>
                </th>
                {COMPARED_PLANS.map((id) => (
                  <th key={id} scope="col">
                    {PLANS[id].name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {row.values.map((value, i) => (
                    <td key={COMPARED_PLANS[i]}>
                      <Cell value={value} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mk-compare__actions">
          <Link to="/pricing" className={buttonClassName()}>
            See pricing
          </Link>
          <Link to="/support" className={buttonClassName({ variant: 'secondary' })}>
            Business plan: contact us
          </Link>
        </div>
      </Section>
    </MarketingPage>
  );
}
