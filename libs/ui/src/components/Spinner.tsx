import { cx } from '../cx';

export interface SpinnerProps {
  size?: 'sm' | 'lg';
  /** Announced to screen readers; omit when a visible label sits next to the spinner. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'sm', label, className }: SpinnerProps) {
  return (
    <span
      className={cx('sw-spinner', size === 'lg' && 'sw-spinner--lg', className)}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

export interface LoadingStateProps {
  title: string;
  description?: string;
}

/** A centred spinner with a heading, announced politely to assistive tech. */
export function LoadingState({ title, description }: LoadingStateProps) {
  return (
    <div className="sw-loading" role="status" aria-live="polite" aria-busy="true">
      <Spinner size="lg" />
      <h2 className="sw-loading__title">{title}</h2>
      {description && <p className="sw-loading__text">{description}</p>}
    </div>
  );
}
