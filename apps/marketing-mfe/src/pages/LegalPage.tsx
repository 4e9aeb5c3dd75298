import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { MarketingPage } from '../components/MarketingPage';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalPageProps {
  title: string;
  description: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** A policy page: a linked contents list, then numbered sections with h2 headings. */
export function LegalPage({ title, description, updated, intro, sections }: LegalPageProps) {
  return (
    <MarketingPage title={title} description={description} eyebrow="Legal" lead={intro} narrow>
      <p className="mk-legal__updated">Last updated {updated}</p>
      <nav className="sw-card mk-legal__toc" aria-label="On this page">
        <p className="mk-legal__toc-title">On this page</p>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mk-prose mk-legal">
        {sections.map((s, i) => (
          <section key={s.id} aria-labelledby={s.id}>
            <h2 id={s.id}>
              {i + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
        <p>
          Questions? Write to us through the <Link to="/support">Support page</Link> or at{' '}
          <a href="mailto:privacy@slotwise.com.au">privacy@slotwise.com.au</a>.
        </p>
      </div>
    </MarketingPage>
  );
}
