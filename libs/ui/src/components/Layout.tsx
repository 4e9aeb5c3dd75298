import { type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../cx';

export interface ContainerProps extends HTMLAttributes<HTMLDivElement> {
  narrow?: boolean;
}

export function Container({ narrow = false, className, ...rest }: ContainerProps) {
  return (
    <div className={cx('sw-container', narrow && 'sw-container--narrow', className)} {...rest} />
  );
}

export interface PageProps extends ContainerProps {
  children: ReactNode;
}

/** A page body: vertical rhythm plus a centred container. */
export function Page({ narrow, className, children, ...rest }: PageProps) {
  return (
    <div className={cx('sw-page', className)} {...rest}>
      <Container narrow={narrow}>{children}</Container>
    </div>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  center?: boolean;
  actions?: ReactNode;
}

export function PageHeader({ title, description, center = false, actions }: PageHeaderProps) {
  return (
    <header className={cx('sw-page-header', center && 'sw-page-header--center')}>
      <h1 className="sw-page-header__title">{title}</h1>
      {description && <p className="sw-page-header__description">{description}</p>}
      {actions}
    </header>
  );
}

export interface StatusPageProps {
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** Centred message page (404, not found, unavailable). */
export function StatusPage({ eyebrow, title, children, actions }: StatusPageProps) {
  return (
    <div className="sw-status">
      {eyebrow && <p className="sw-status__code">{eyebrow}</p>}
      <h1 className="sw-status__title">{title}</h1>
      {children && <div className="sw-status__text">{children}</div>}
      {actions && <div className="sw-status__actions">{actions}</div>}
    </div>
  );
}
