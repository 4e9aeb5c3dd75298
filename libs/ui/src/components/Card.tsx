import { type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../cx';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article';
}

export function Card({ as: Tag = 'div', className, ...rest }: CardProps) {
  return <Tag className={cx('sw-card', className)} {...rest} />;
}

export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('sw-card__body', className)} {...rest} />;
}

export interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Heading level of the title; defaults to h2. */
  level?: 2 | 3;
}

export function CardHeader({ title, description, level = 2 }: CardHeaderProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="sw-card__header">
      <Heading className="sw-card__title">{title}</Heading>
      {description && <p className="sw-card__description">{description}</p>}
    </div>
  );
}
