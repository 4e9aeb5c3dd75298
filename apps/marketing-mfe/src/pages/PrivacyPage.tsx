import { PUBLIC_PAGES } from '@slotwise/contracts';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Slotwise is an online appointment booking service for small businesses in Australia. This
        policy explains how we handle personal information under the Privacy Act 1988 (Cth) and the
        Australian Privacy Principles (APPs). It applies to business owners who hold a Slotwise
        account, to their customers who book through a Slotwise booking page, and to anyone who
        contacts us.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <p>We collect only what the service needs:</p>
        <ul>
          <li>
            <strong>Business owners:</strong> email address, a password (stored only as a secure
            one-way hash) or your Google sign-in identity, your business name, address, phone
            number, services, staff members, opening hours and subscription status.
          </li>
          <li>
            <strong>Customers who book:</strong> name, mobile number, any notes you add, and the
            service, staff member, date and time you booked.
          </li>
          <li>
            <strong>Anyone who contacts support:</strong> your name, email address and message.
          </li>
          <li>
            <strong>Technical information:</strong> IP address and basic request logs, used to keep
            the service secure and to stop abuse such as repeated sign-in attempts.
          </li>
        </ul>
        <p>
          Card payments for subscriptions are handled by our payment provider. We never see or store
          full card numbers.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <ul>
        <li>To make, confirm, remind, cancel and reschedule bookings, including by SMS.</li>
        <li>To email business owners about new bookings and about their account.</li>
        <li>To answer support requests.</li>
        <li>To bill subscriptions and keep records the law requires.</li>
        <li>To protect the service, our customers and their customers from fraud and misuse.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          A customer’s booking details are shared with the business they booked with, which uses
          them to provide the appointment. We use trusted service providers to send SMS and email,
          to process payments and to host our systems, and they may only use the information to
          provide that service to us. Some of these providers may store data outside Australia; we
          take reasonable steps under APP 8 to make sure they protect it.
        </p>
        <p>
          We do not sell personal information, and we do not use it for advertising. We disclose it
          to authorities only when the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect and keep it',
    body: (
      <p>
        Information is sent over encrypted connections, passwords are hashed, and access is limited
        to the people who need it: each owner sees only their own business. We keep booking records
        for as long as the business’s account is open and for up to seven years afterwards where tax
        or legal records require, then delete or de-identify them.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'People under 16',
    body: (
      <p>
        Slotwise is not intended for anyone under 16. We do not knowingly collect personal
        information from children under 16, and an account holder must be 16 or older. If you
        believe a child under 16 has given us their details, contact us and we will delete them.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Access, correction and complaints',
    body: (
      <>
        <p>
          You can ask to see or correct the personal information we hold about you, or ask us to
          delete it. Customers can also ask the business they booked with. We will respond within 30
          days.
        </p>
        <p>
          If you are unhappy with how we handled your information, tell us first and we will try to
          fix it. If you are still not satisfied, you can complain to the Office of the Australian
          Information Commissioner (OAIC).
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will post any changes on this page and update the date above. If a change materially
        affects how we use your information, we will email account holders before it takes effect.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      {...PUBLIC_PAGES['/privacy']}
      updated="22 November 2026"
      intro="What we collect when you use Slotwise, why, and the choices you have."
      sections={SECTIONS}
    />
  );
}
