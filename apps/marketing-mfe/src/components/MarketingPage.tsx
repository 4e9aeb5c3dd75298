import { type ReactNode } from 'react';
import { CheckIcon, Container, cx, useDocumentTitle, useMetaDescription } from '@slotwise/ui';

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

/** A list of points, each with a check mark. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cx('mk-check-list', className)}>
      {items.map((item) => (
        <li key={item}>
          <CheckIcon aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export interface InfoCard {
  title: string;
  /** The card's paragraph. */
  text?: ReactNode;
}

export interface InfoCardsProps<T extends InfoCard> {
  items: readonly T[];
  /** The cards' heading: h2 when the grid opens the page body, h3 under a section's title. */
  heading?: 'h2' | 'h3';
  /** Two columns on wide screens, not three. */
  twoColumns?: boolean;
  /** What a card shows below its text. */
  children?: (item: T) => ReactNode;
}

/** A grid of titled cards (features, support channels, promises, values). */
export function InfoCards<T extends InfoCard>({
  items,
  heading: Heading = 'h3',
  twoColumns = false,
  children,
}: InfoCardsProps<T>) {
  return (
    <ul className={cx('mk-card-grid', twoColumns && 'mk-card-grid--two')}>
      {items.map((item) => (
        <li key={item.title} className="sw-card mk-info-card">
          <Heading className="mk-info-card__title">{item.title}</Heading>
          {item.text && <p className="mk-info-card__text">{item.text}</p>}
          {children?.(item)}
        </li>
      ))}
    </ul>
  );
}

export interface CallToActionProps {
  title: ReactNode;
  text: ReactNode;
  /** The band's links (buttons). */
  children: ReactNode;
}

/** The closing band of a page: a title, a line of text and its buttons. */
export function CallToAction({ title, text, children }: CallToActionProps) {
  return (
    <div className="mk-cta sw-row sw-row--spread sw-card">
      <div>
        <h2 className="mk-cta__title">{title}</h2>
        <p className="mk-cta__text">{text}</p>
      </div>
      <div className="mk-actions">{children}</div>
    </div>
  );
}
