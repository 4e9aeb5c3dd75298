import { type HTMLAttributes } from 'react';
import { cx } from '../cx';

export type BadgeVariant = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'neutral', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cx('sw-badge', variant !== 'neutral' && `sw-badge--${variant}`, className)}
      {...rest}
    />
  );
}
