import { Link } from 'react-router';
import { PLANS, PUBLIC_PAGES, monthlyPrice } from '@slotwise/contracts';
import {
  CalendarIcon,
  CheckCircleIcon,
  ClockIcon,
  Container,
  buttonClassName,
  useDocumentTitle,
  useMetaDescription,
} from '@slotwise/ui';
import { CheckList } from '../components/MarketingPage';

const FEATURES = [
  {
    icon: CalendarIcon,
    title: 'Book in under a minute',
    text: 'Customers pick a service, a day and a time that suits them. No account, no app.',
  },
  {
    icon: ClockIcon,
    title: 'Always the right time',
    text: 'Times follow your local zone, daylight saving included, and a slot can never be double booked.',
  },
  {
    icon: CheckCircleIcon,
    title: 'Fewer no-shows',
    text: 'Every booking gets an SMS confirmation with a link to cancel or reschedule.',
  },
];

const OWNER_POINTS = [
  'Add your services with their length and price',
  'Add staff and set your weekly opening hours',
  'See every booking in your dashboard and get an email for each new one',
  'Customers cancel or reschedule themselves from their SMS',
];

const STEPS = ['Pick a business', 'Choose a service', 'Select a time', 'Get an SMS'];

const PREVIEW_TIMES = ['9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM'];

/** A decorative glimpse of the booking page for wide screens (hidden from assistive tech). */
function BookingPreview() {
  return (
    <div className="mk-preview sw-card" aria-hidden="true">
      <p className="sw-eyebrow">Harbour Hair Studio</p>
      <p className="mk-preview__title">Men&rsquo;s Cut &middot; 30 min &middot; $45.00</p>
      <p className="mk-preview__label">Available Times for 25 Nov 2026</p>
      <div className="mk-preview__slots">
        {PREVIEW_TIMES.map((time, i) => (
          <span
            key={time}
            className={i === 3 ? 'mk-preview__slot is-selected' : 'mk-preview__slot'}
          >
            {time}
          </span>
        ))}
      </div>
      <div className="mk-preview__confirm">
        <CheckCircleIcon />
        Booking Confirmed!
      </div>
    </div>
  );
}

export default function HomePage() {
  useDocumentTitle(PUBLIC_PAGES['/'].title);
  useMetaDescription(PUBLIC_PAGES['/'].description);
  return (
    <>
      <section className="mk-hero">
        <Container className="mk-hero__layout">
          <div className="mk-hero__inner">
            <p className="mk-hero__eyebrow">Appointment booking for Australian small businesses</p>
            <h1 className="mk-hero__title">Your next appointment, booked in a few taps.</h1>
            <p className="mk-hero__lead">
              Slotwise lets your customers book haircuts, physio sessions and more, any time of day,
              while you get on with the work.
            </p>
            <div className="mk-actions">
              <Link to="/partners" className={buttonClassName({ size: 'lg' })}>
                Find a business
              </Link>
              <Link to="/auth" className={buttonClassName({ size: 'lg', variant: 'secondary' })}>
                For business owners
              </Link>
            </div>
            <ol className="mk-steps" aria-label="How booking works">
              {STEPS.map((step, i) => (
                <li key={step} className="mk-steps__item">
                  <span className="mk-steps__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  {step}
                </li>
              ))}
            </ol>
          </div>
          <BookingPreview />
        </Container>
      </section>
      <section className="mk-features" aria-labelledby="mk-features-title">
        <Container>
          <h2 id="mk-features-title" className="mk-features__title">
            Built for busy owners and their customers
          </h2>
          <ul className="mk-card-grid">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="sw-card mk-feature">
                <span className="mk-feature__icon">
                  <Icon />
                </span>
                <h3 className="mk-feature__title">{title}</h3>
                <p className="mk-feature__text">{text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <section className="mk-owners" aria-labelledby="mk-owners-title">
        <Container className="mk-owners__layout">
          <div>
            <h2 id="mk-owners-title" className="mk-features__title">
              Run your bookings from your phone
            </h2>
            <CheckList items={OWNER_POINTS} />
          </div>
          <div className="sw-card mk-owners__card">
            <p className="mk-owners__price">
              Free to start. Professional {monthlyPrice(PLANS.professional)}/month.
            </p>
            <p className="mk-owners__text">
              Up to {PLANS.professional.maxStaff} staff, {PLANS.professional.maxActiveServices}{' '}
              services and SMS reminders when your team grows. Prices in Australian dollars.
            </p>
            <div className="mk-actions">
              <Link to="/auth" className={buttonClassName()}>
                Get Started Free
              </Link>
              <Link to="/pricing" className={buttonClassName({ variant: 'secondary' })}>
                See pricing
              </Link>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
