import { type ReactNode } from 'react';
import { cx } from '../cx';

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx('sw-empty', className)}>
      {icon && <div className="sw-icon-circle">{icon}</div>}
      {title && <h3 className="sw-empty__title">{title}</h3>}
      {description && <p className="sw-empty__text">{description}</p>}
      {action && <div className="sw-empty__actions">{action}</div>}
    </div>
  );
}
