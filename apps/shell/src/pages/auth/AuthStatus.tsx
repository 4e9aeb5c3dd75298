import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircleIcon, XCircleIcon, buttonClassName } from '@slotwise/ui';

/**
 * The end of an emailed link's page (verify email, reset password): a success or failure with
 * its message and the one way on. `state` is the page's `data-…-state` attribute.
 */
export function AuthStatus({
  tone,
  state,
  title,
  children,
  to,
  linkState,
  action,
}: {
  tone: 'success' | 'danger';
  state: Record<`data-${string}-state`, string>;
  title: ReactNode;
  children: ReactNode;
  to: string;
  /** Router state the link carries (the sign-in page greets a first sign-in differently). */
  linkState?: unknown;
  action: string;
}) {
  return (
    <div className="shell-auth__status" {...state}>
      <span className={`shell-auth__status-icon shell-auth__status-icon--${tone}`}>
        {tone === 'success' ? <CheckCircleIcon /> : <XCircleIcon />}
      </span>
      <h1>{title}</h1>
      <p role={tone === 'success' ? 'status' : 'alert'}>{children}</p>
      <Link to={to} state={linkState} className={buttonClassName({ block: true })}>
        {action}
      </Link>
    </div>
  );
}
