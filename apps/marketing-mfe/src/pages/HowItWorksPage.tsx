import { PUBLIC_PAGES } from '@slotwise/contracts';
import { Link } from 'react-router';
import { buttonClassName } from '@slotwise/ui';
import { CallToAction, InfoCards, MarketingPage, Section } from '../components/MarketingPage';

interface Guide {
  id: string;
  title: string;
  intro: string;
  /** The steps list's accessible name. */
  label: string;
  steps: { title: string; text: string }[];
}

const CUSTOMER_STEPS = [
  {
    title: 'Pick a business',
    text: 'Open the business’s booking link, or find them on Our Partners. No account or app needed.',
  },
  {
    title: 'Choose a service',
    text: 'See each service’s length and price in Australian dollars before you commit, and pick a staff member if the business offers a choice.',
  },
  {
    title: 'Select a date and time',
    text: 'Only genuinely free times are shown, in the business’s own time zone, with daylight saving already worked out.',
  },
  {
    title: 'Get an SMS',
    text: 'Enter your name and mobile number. A confirmation SMS arrives with links to cancel or reschedule if plans change.',
  },
];

const OWNER_STEPS = [
  {
    title: 'Create your free account',
    text: 'Sign up with your email address (or Google), confirm the link we email you, and your business profile is created for you.',
  },
  {
    title: 'Add services and staff',
    text: 'Set each service’s name, length and price, and add the people who do the work. The Free plan covers a sole trader with one service.',
  },
  {
    title: 'Set your weekly hours',
    text: 'Choose the days you open, your opening and closing times and how long each booking slot is. Customers can only book inside them.',
  },
  {
    title: 'Share your booking link',
    text: 'Put your Slotwise page in your Instagram bio, Google Business profile or on a sign at the counter. Bookings land in your dashboard.',
  },
];

const GUARANTEES = [
  {
    title: 'No double booking',
    text: 'Two customers reaching for the same slot at the same moment cannot both get it: the second sees that the time has just been taken and picks another.',
  },
  {
    title: 'The right time, all year',
    text: 'Times are stored precisely and shown in the business’s time zone, so a 9:00 AM booking stays 9:00 AM when daylight saving starts or ends.',
  },
  {
    title: 'Changes without phone tag',
    text: 'Customers cancel or reschedule from the link in their SMS, and the freed slot is open to someone else straight away.',
  },
];

/** The step-by-step guides, one for each side of a booking. */
const GUIDES: Guide[] = [
  {
    id: 'customers',
    title: 'For customers',
    intro: 'Booking a haircut, a massage or a physio session takes about a minute.',
    label: 'Booking steps for customers',
    steps: CUSTOMER_STEPS,
  },
  {
    id: 'owners',
    title: 'For business owners',
    intro: 'Set-up takes about fifteen minutes, and you can do it all from your phone.',
    label: 'Set-up steps for owners',
    steps: OWNER_STEPS,
  },
];

function StepGuide({ guide }: { guide: Guide }) {
  return (
    <Section id={guide.id} title={guide.title} intro={guide.intro}>
      <ol className="mk-step-list" aria-label={guide.label}>
        {guide.steps.map((step, i) => (
          <li key={step.title} className="sw-card mk-step-card">
            <span className="mk-step-card__number" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="mk-step-card__title">{step.title}</h3>
            <p className="mk-step-card__text">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export default function HowItWorksPage() {
  return (
    <MarketingPage
      {...PUBLIC_PAGES['/how-it-works']}
      eyebrow="How it works"
      heading="Booked in four steps, managed in one place"
      lead="Customers book without an account or an app. Owners set up once and let the booking page take calls off their hands."
    >
      {GUIDES.map((guide) => (
        <StepGuide key={guide.id} guide={guide} />
      ))}
      <Section id="promises" title="What you can count on">
        <InfoCards items={GUARANTEES} />
      </Section>
      <CallToAction
        title="Ready to stop answering the phone mid-appointment?"
        text="Start on the Free plan. Upgrade only when your team grows."
      >
        <Link to="/auth" className={buttonClassName({ size: 'lg' })}>
          Get Started Free
        </Link>
        <Link to="/pricing" className={buttonClassName({ size: 'lg', variant: 'secondary' })}>
          See pricing
        </Link>
      </CallToAction>
    </MarketingPage>
  );
}
