import { PUBLIC_PAGES } from '@slotwise/contracts';
import { Link } from 'react-router';
import { buttonClassName } from '@slotwise/ui';
import { CallToAction, InfoCards, MarketingPage, Section } from '../components/MarketingPage';

const VALUES = [
  {
    title: 'Made for small teams',
    text: 'Our customers are hairdressers, beauty therapists, physiotherapists and tradies with one to a handful of staff. Every screen is built for a busy owner on a phone between clients.',
  },
  {
    title: 'Honest pricing',
    text: 'Prices are in Australian dollars and include what the page says. The limits on our pricing page are exactly the limits the app enforces, nothing hidden in the fine print.',
  },
  {
    title: 'Your customers, your data',
    text: 'We only collect what a booking needs, never sell it, and follow the Australian Privacy Principles. Your client list belongs to you.',
  },
  {
    title: 'Local time, done right',
    text: 'Daylight saving, states that skip it and back-to-back bookings are handled for you, so nobody turns up an hour early in October.',
  },
];

export default function AboutPage() {
  return (
    <MarketingPage
      {...PUBLIC_PAGES['/about']}
      eyebrow="About us"
      heading="Booking software for the businesses on your high street"
      lead="Slotwise started with a simple observation: the best hairdresser in the suburb still takes bookings by phone, with a pen, while cutting someone’s hair."
    >
      <Section id="story" title="Why we built Slotwise">
        <div className="mk-prose">
          <p>
            Big booking platforms are built for chains. They charge per booking, push your customers
            towards competitors and take a week to set up. Small Australian businesses need
            something simpler: a page where customers can see real free times and book themselves,
            an SMS so they remember, and a calendar the owner can trust.
          </p>
          <p>
            So that is what we make. Customers book without creating an account. Owners manage
            services, staff and weekly hours from their phone. A slot can never be given to two
            people, and every time is shown in the business’s own time zone, daylight saving
            included.
          </p>
          <p>
            We are a small team based in Sydney, and our support is run by the same people who build
            the product.
          </p>
        </div>
      </Section>
      <Section id="values" title="What we care about">
        <InfoCards items={VALUES} twoColumns />
      </Section>
      <CallToAction
        title="Talk to us"
        text="Questions about Slotwise or moving from another system? We reply within 24 hours."
      >
        <Link to="/support" className={buttonClassName({ size: 'lg' })}>
          Contact support
        </Link>
        <Link to="/partners" className={buttonClassName({ size: 'lg', variant: 'secondary' })}>
          Meet our partners
        </Link>
      </CallToAction>
    </MarketingPage>
  );
}
