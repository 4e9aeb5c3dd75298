import { type ReactNode } from 'react';

export interface RemoteRootProps {
  /** The remote's federation name. */
  name: string;
  /** Injected at build time (SLOTWISE_BUILD_ID), so tests can tell which build is running. */
  buildId: string;
  children: ReactNode;
}

/** The root element of every remote: marks which app and which build rendered this area. */
export function RemoteRoot({ name, buildId, children }: RemoteRootProps) {
  return (
    <div className="sw-remote-root" data-remote={name} data-build-id={buildId}>
      {children}
    </div>
  );
}
