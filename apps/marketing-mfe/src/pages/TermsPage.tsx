import { Link } from 'react-router';
import { PLANS, monthlyPrice, PUBLIC_PAGES } from '@slotwise/contracts';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <p>
        These terms apply when you use Slotwise, whether you run a business on it or book an
        appointment through it. By creating an account or making a booking you agree to them. You
        must be at least 16 to use Slotwise, and if you sign up for a business you must be
        authorised to act for it.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Business accounts',
    body: (
      <p>
        You are responsible for keeping your sign-in details secure, for the accuracy of your
        business profile, services, prices and opening hours, and for the appointments you accept.
        Tell us straight away if you think someone else has used your account.
      </p>
    ),
  },
  {
    id: 'bookings',
    title: 'Bookings',
    body: (
      <p>
        A booking is an arrangement between the customer and the business. Slotwise provides the
        booking system but does not provide the service booked, and is not responsible for the
        service itself, its price or the business’s own cancellation policy. Customers can cancel or
        reschedule using the link in their confirmation SMS; the business may also cancel a booking
        and should tell the customer.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Plans, payment and cancellation',
    body: (
      <>
        <p>
          The Free plan costs nothing. The Professional plan costs{' '}
          {monthlyPrice(PLANS.professional)} per month in Australian dollars, billed in advance each
          month to your card until you cancel. The limits of each plan are set out on our{' '}
          <Link to="/pricing">Pricing</Link> page.
        </p>
        <p>
          You can cancel at any time from Settings. Professional stays active until the end of the
          period you have paid for, and your business then returns to the Free plan; we do not
          delete your services or staff. Nothing in these terms limits your rights under the
          Australian Consumer Law.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <p>
        Do not use Slotwise to send spam, to book appointments you do not intend to keep, to collect
        other people’s information without a lawful reason, or to interfere with the service. We may
        suspend accounts that do, after warning you where it is reasonable to.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        We work hard to keep Slotwise running around the clock, but cannot promise it will never be
        interrupted. SMS and email delivery depends on phone and email networks outside our control.
        We may improve or change features; we will give at least 30 days’ notice of any change that
        reduces what a paid plan includes or increases its price.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        To the extent the law allows, we are not liable for indirect loss such as lost profits from
        a missed appointment, and our total liability to a business is limited to the fees it paid
        us in the previous twelve months. Guarantees under the Australian Consumer Law that cannot
        be excluded still apply.
      </p>
    ),
  },
  {
    id: 'privacy-and-law',
    title: 'Privacy and governing law',
    body: (
      <p>
        Our <Link to="/privacy">Privacy Policy</Link> explains how we handle personal information.
        These terms are governed by the laws of New South Wales, Australia.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      {...PUBLIC_PAGES['/terms']}
      updated="22 November 2026"
      intro="The agreement between you and Slotwise, in plain English."
      sections={SECTIONS}
    />
  );
}
