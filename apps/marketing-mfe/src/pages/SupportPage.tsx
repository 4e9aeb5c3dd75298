import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { createApiClient } from '@slotwise/api-client';
import {
  SUPPORT_LIMITS,
  SupportMessageRequestSchema,
  SupportMessages,
  type SupportMessageRequest,
  apiRoutes,
  PUBLIC_PAGES,
} from '@slotwise/contracts';
import { Alert, Button, ClockIcon, Field, InfoIcon, Input, Textarea, useForm } from '@slotwise/ui';
import { InfoCards, MarketingPage, Section } from '../components/MarketingPage';

export interface SupportPageProps {
  apiBaseUrl: string;
}

type FormState = 'idle' | 'submitting' | 'success' | 'error';
type Fields = Record<keyof SupportMessageRequest, string>;

const EMPTY: Fields = { firstName: '', lastName: '', email: '', subject: '', message: '' };

const CHANNELS = [
  {
    title: 'Live Chat',
    text: 'Quick answers from the Slotwise team during support hours, right from your dashboard.',
    action: 'Start chat',
  },
  {
    title: 'Email Support',
    text: 'Send us the details using the form below. We reply to every email within 24 hours.',
    action: 'Email us',
  },
  {
    title: 'Help Center',
    text: 'Step-by-step guides for setting up services, staff, weekly hours and your booking page.',
    action: 'Browse guides',
  },
];

const HOURS = [
  { days: 'Monday to Friday', time: '9:00 AM – 8:00 PM' },
  { days: 'Saturday', time: '10:00 AM – 6:00 PM' },
  { days: 'Sunday', time: 'Closed' },
];

export default function SupportPage({ apiBaseUrl }: SupportPageProps) {
  // The only call this remote makes, so the HTTP client loads with this page alone.
  const api = useMemo(() => createApiClient({ baseUrl: apiBaseUrl }), [apiBaseUrl]);
  const form = useForm(SupportMessageRequestSchema, EMPTY);
  const [state, setState] = useState<FormState>('idle');
  const formRef = useRef<HTMLFormElement>(null);
  // A refused send moves focus to the first field to fix.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = form.check();
    if (!data) {
      setRefusals((n) => n + 1);
      return;
    }
    setState('submitting');
    try {
      await api.request(apiRoutes.support.send, { body: data });
      setState('success');
      form.reset(EMPTY);
    } catch {
      setState('error');
    }
  }

  const control = (name: keyof Fields, label: string, type = 'text', autoComplete?: string) => (
    <Field label={label} error={form.errors[name]} id={`support-${name}`}>
      {(props) => (
        <Input
          {...props}
          {...form.bind(name)}
          type={type}
          required
          aria-required="true"
          autoComplete={autoComplete}
          maxLength={SUPPORT_LIMITS[name]}
        />
      )}
    </Field>
  );

  return (
    <MarketingPage
      {...PUBLIC_PAGES['/support']}
      eyebrow="Support"
      heading="How can we help?"
      lead="Real people in Sydney who know the product, because they build it."
    >
      <InfoCards items={CHANNELS} heading="h2">
        {(channel) =>
          channel.title === 'Email Support' ? (
            <a href="#contact-title" className="mk-info-card__link">
              {channel.action}
            </a>
          ) : (
            <p className="mk-info-card__soon">
              <InfoIcon aria-hidden="true" /> Coming soon. Until then, send us a message below.
            </p>
          )
        }
      </InfoCards>
      <div className="mk-support-layout">
        <Section id="hours" title="Support hours">
          <div className="sw-card mk-hours">
            <p className="mk-hours__zone">
              <ClockIcon aria-hidden="true" /> Sydney time (AEST/AEDT)
            </p>
            <dl className="mk-hours__list">
              {HOURS.map((row) => (
                <div key={row.days} className="mk-hours__row">
                  <dt>{row.days}</dt>
                  <dd>{row.time}</dd>
                </div>
              ))}
            </dl>
            <p className="mk-hours__note">
              Email replies within 24 hours. Messages sent on a Sunday are answered on Monday
              morning.
            </p>
          </div>
        </Section>
        <Section id="contact" title="Send us a message" intro="All fields are required.">
          {state === 'success' ? (
            <div className="sw-card mk-form-card">
              <Alert variant="success">{SupportMessages.received}</Alert>
              <Button variant="secondary" onClick={() => setState('idle')}>
                Send another message
              </Button>
            </div>
          ) : (
            <form ref={formRef} className="sw-card mk-form-card" noValidate onSubmit={onSubmit}>
              {state === 'error' && <Alert variant="danger">{SupportMessages.failed}</Alert>}
              <div className="sw-form-row">
                {control('firstName', 'First name', 'text', 'given-name')}
                {control('lastName', 'Last name', 'text', 'family-name')}
              </div>
              {control('email', 'Email', 'email', 'email')}
              {control('subject', 'Subject')}
              <Field label="Message" error={form.errors.message} id="support-message">
                {(props) => (
                  <Textarea
                    {...props}
                    {...form.bind('message')}
                    rows={6}
                    required
                    aria-required="true"
                    maxLength={SUPPORT_LIMITS.message}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" loading={state === 'submitting'}>
                {state === 'submitting' ? 'Sending...' : 'Send Message'}
              </Button>
            </form>
          )}
        </Section>
      </div>
    </MarketingPage>
  );
}
