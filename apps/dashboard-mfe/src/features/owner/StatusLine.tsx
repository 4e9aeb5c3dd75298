import { type ReactNode } from 'react';

/** A quiet line that says what is under way ('Loading your account...'), read out politely. */
export function StatusLine({ children }: { children: ReactNode }) {
  return (
    <p className="dash-muted" role="status">
      {children}
    </p>
  );
}
