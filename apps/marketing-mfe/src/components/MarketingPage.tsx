import { type ReactNode } from 'react';
import { Container, useDocumentTitle, useMetaDescription } from '@slotwise/ui';

export interface MarketingPageProps {
  /** The document title's page part ('Pricing' → 'Pricing · Slotwise'). */
  title: string;
  /** The `<meta name="description">` text for this page. */
  description: string;
  /** The page's h1; defaults to the title. */
  heading?: ReactNode;
  eyebrow?: string;
  lead?: ReactNode;
  /** Narrow text column (legal pages). */
  narrow?: boolean;
  children: ReactNode;
}

/** A marketing page: document title and meta description, a header band, then the body. */
export function MarketingPage({
  title,
  description,
  heading,
  eyebrow,
  lead,
  narrow = false,
  children,
}: MarketingPageProps) {
  useDocumentTitle(title);
  useMetaDescription(description);
  return (
    <>
      <header className="mk-page-header">
        <Container narrow={narrow}>
          {eyebrow && <p className="mk-eyebrow">{eyebrow}</p>}
          <h1 className="mk-page-header__title">{heading ?? title}</h1>
          {lead && <p className="mk-page-header__lead">{lead}</p>}
        </Container>
      </header>
      <div className="mk-page-body">
        <Container narrow={narrow}>{children}</Container>
      </div>
    </>
  );
}

export interface SectionProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}

/** A titled section of a marketing page (an h2, labelled for assistive tech). */
export function Section({ id, title, intro, children }: SectionProps) {
  return (
    <section className="mk-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mk-section__title">
        {title}
      </h2>
      {intro && <p className="mk-section__intro">{intro}</p>}
      {children}
    </section>
  );
}
