import { Link } from 'react-router';
import { type SubscriptionPlan, PLANS, formatPrice } from '@slotwise/contracts';
import { Badge, Card, CardBody, CardHeader, buttonClassName } from '@slotwise/ui';

const FEATURES: Record<SubscriptionPlan, string[]> = {
  free: [
    '1 staff member',
    '1 active service',
    'Basic email notifications only',
    'Limited customization',
  ],
  professional: [
    'Up to 5 staff members',
    'Up to 10 services',
    'SMS and email notifications',
    'Custom booking page URL',
    'Priority support',
  ],
};

/** Settings → Subscription: the current plan from the one plan catalogue (billing comes later). */
export function SubscriptionCard({ plan }: { plan: SubscriptionPlan }) {
  const definition = PLANS[plan];
  const price = definition.monthlyPriceCents;
  return (
    <Card as="section">
      <CardBody className="sw-stack">
        <div className="dash-section-head">
          <CardHeader
            title={`${definition.name} Plan`}
            description={
              price ? `${formatPrice(price)} per month` : 'Free forever for small businesses'
            }
          />
          <Badge variant={plan === 'free' ? 'neutral' : 'success'}>Current plan</Badge>
        </div>
        <ul className="dash-features">
          {FEATURES[plan].map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {plan === 'free' && (
          <div>
            <Link to="/pricing" className={buttonClassName()}>
              Upgrade to Professional
            </Link>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
