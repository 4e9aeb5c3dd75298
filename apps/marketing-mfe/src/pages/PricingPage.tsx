import { Link } from 'react-router';
import {
  type OwnerSession,
  PLANS,
  type PlanDefinition,
  PUBLIC_PAGES,
  monthlyPrice,
} from '@slotwise/contracts';
import { Badge, buttonClassName, cx } from '@slotwise/ui';
import { CallToAction, CheckList, MarketingPage, Section } from '../components/MarketingPage';
import { planFeatures } from '../plan-copy';

export interface PricingPageProps {
  session: OwnerSession | null;
}

const free = PLANS.free;
const pro = PLANS.professional;
const business = PLANS.business;

/**
 * Plan buttons: signed in, Free → /dashboard, Professional → /subscribe. Signed out → /auth, and
 * for Professional on to /subscribe once signed up, verified and signed in (`next`).
 */
export function planLink(plan: PlanDefinition, signedIn: boolean): string {
  const target = plan.monthlyPriceCents === 0 ? '/dashboard' : '/subscribe';
  if (!signedIn) return target === '/subscribe' ? `/auth?next=${target}` : '/auth';
  return target;
}

const FAQ = [
  {
    q: 'Is the Free plan really free?',
    a: `Yes. The Free plan costs ${monthlyPrice(free)} with no time limit and no card. It covers ${free.maxStaff} staff member and ${free.maxActiveServices} active service, with unlimited bookings and an email to you for each one.`,
  },
  {
    q: 'What happens when I outgrow the Free plan?',
    a: `Upgrade to Professional from Settings whenever you are ready. Your limits rise to ${pro.maxStaff} staff members and ${pro.maxActiveServices} active services, and customers start getting SMS reminders before their appointments.`,
  },
  {
    q: 'Can I cancel Professional at any time?',
    a: 'Yes. Professional stays on until the end of the month you have paid for, then your business moves back to the Free plan. Nothing is deleted: services and staff beyond the Free limits simply stop taking new bookings until you upgrade again.',
  },
  {
    q: 'Do my customers pay anything or need an account?',
    a: 'No. Customers book with their name and mobile number and never pay Slotwise. Their confirmation SMS includes links to cancel or reschedule.',
  },
  {
    q: 'What currency are prices in?',
    a: `Australian dollars. Professional is ${monthlyPrice(pro)} per month, charged monthly to your card.`,
  },
  {
    q: `We have more than ${pro.maxStaff} staff. What are our options?`,
    a: `The ${business.name} plan has unlimited staff members and services, priced to suit your team. Contact us through the Support page and we will be in touch within 24 hours.`,
  },
];

function PlanCard({
  plan,
  signedIn,
  popular = false,
}: {
  plan: PlanDefinition;
  signedIn: boolean;
  popular?: boolean;
}) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <article
      className={cx('sw-card mk-plan', popular && 'mk-plan--popular')}
      aria-labelledby={titleId}
    >
      {popular && (
        <Badge variant="primary" className="mk-plan__badge">
          Most Popular
        </Badge>
      )}
      <h2 id={titleId} className="mk-plan__name">
        {plan.name}
      </h2>
      <p className="mk-plan__price">
        <span className="mk-plan__amount">{monthlyPrice(plan)}</span>
        <span className="mk-plan__period">
          {plan.monthlyPriceCents === 0 ? 'forever' : '/month'}
        </span>
      </p>
      <p className="mk-plan__summary">
        {plan.monthlyPriceCents === 0
          ? 'For sole traders taking bookings for one service.'
          : 'For growing teams who want fewer no-shows.'}
      </p>
      <CheckList items={planFeatures(plan)} className="mk-plan__features" />
      <Link
        to={planLink(plan, signedIn)}
        className={buttonClassName({
          block: true,
          size: 'lg',
          variant: popular ? 'primary' : 'secondary',
        })}
      >
        Choose {plan.name}
      </Link>
    </article>
  );
}

export default function PricingPage({ session }: PricingPageProps) {
  const signedIn = session !== null;
  return (
    <MarketingPage
      {...PUBLIC_PAGES['/pricing']}
      eyebrow="Pricing"
      heading="Simple pricing that grows with your team"
      lead="Start free. Upgrade when you add staff or want SMS reminders. Prices in Australian dollars."
    >
      <div className="mk-plans">
        <PlanCard plan={free} signedIn={signedIn} />
        <PlanCard plan={pro} signedIn={signedIn} popular />
      </div>
      <p className="mk-plans__note">
        More than {pro.maxStaff} staff? The {business.name} plan has unlimited staff and services.{' '}
        <Link to="/support">Contact us</Link> or <Link to="/features">compare every plan</Link>.
      </p>
      <Section id="faq" title="Frequently asked questions">
        <div className="mk-faq">
          {FAQ.map((item) => (
            <details key={item.q} className="mk-faq__item">
              <summary className="mk-faq__question">{item.q}</summary>
              <p className="mk-faq__answer">{item.a}</p>
            </details>
          ))}
        </div>
      </Section>
      <CallToAction
        title="Take your first online booking today"
        text="No card needed. Set up in about fifteen minutes."
      >
        <Link to={signedIn ? '/dashboard' : '/auth'} className={buttonClassName({ size: 'lg' })}>
          Get Started Free
        </Link>
      </CallToAction>
    </MarketingPage>
  );
}
