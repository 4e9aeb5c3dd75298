import { type ReactNode } from 'react';
import { cx } from '../cx';
import { AlertIcon, CheckCircleIcon, InfoIcon, XCircleIcon } from './icons';

export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const icons = {
  info: InfoIcon,
  success: CheckCircleIcon,
  warning: AlertIcon,
  danger: XCircleIcon,
} as const;

/** Inline message. Danger alerts use role="alert" so errors are announced at once. */
export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      className={cx('sw-alert', `sw-alert--${variant}`, className)}
      role={variant === 'danger' ? 'alert' : 'status'}
    >
      <Icon className="sw-alert__icon" />
      <div className="sw-alert__body">
        {title && <p className="sw-alert__title">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
