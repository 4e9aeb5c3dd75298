import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { type RemoteRoute, type ToastMessage } from '@slotwise/contracts';
import { setToastSink } from '../toast/toast-bus';

export interface RemoteRootProps {
  /** The remote's federation name. */
  name: string;
  /** Injected at build time (SLOTWISE_BUILD_ID), so tests can tell which build is running. */
  buildId: string;
  /** The shell's `notify` (RemoteAppProps): where this remote's `toast()` calls go. */
  notify: (toast: ToastMessage) => void;
  children: ReactNode;
}

/**
 * The root element of every remote: marks which app and which build rendered this area, and sends
 * this bundle's toasts to the shell's notification region.
 */
export function RemoteRoot({ name, buildId, notify, children }: RemoteRootProps) {
  // Kept after unmount on purpose: a request that finishes after the visitor moved on still toasts.
  useLayoutEffect(() => setToastSink(notify), [notify]);
  return (
    <div className="sw-remote-root" data-remote={name} data-build-id={buildId}>
      {children}
    </div>
  );
}

/**
 * Sent on `window` once a remote's page has mounted (hydrated, on a server-rendered page). The
 * shell holds its props to the area until then: a change reaching an area that has not hydrated
 * yet would make React drop the server's HTML and render it again.
 */
export const PAGE_READY_EVENT = 'slotwise:page-ready';

function PageReady() {
  useEffect(() => {
    window.dispatchEvent(new Event(PAGE_READY_EVENT));
  }, []);
  return null;
}

export interface RemotePage<K extends string> {
  key: K;
  /** The route's path below the shell's splat route ('' for the home page). */
  path: string;
  element: ReactNode;
}

/**
 * A remote's pages for its <Routes>, from the same route list it publishes to the shell (its
 * src/routes.json), so the two cannot drift: every route needs an element, and nothing else may
 * have one.
 */
export function remotePages<K extends string>(
  routes: Readonly<Record<K, RemoteRoute>>,
  elements: Readonly<Record<NoInfer<K>, ReactNode>>,
): RemotePage<K>[] {
  return (Object.keys(routes) as K[]).map((key) => ({
    key,
    path: routes[key].path.replace(/^\//, ''),
    element: (
      <>
        {elements[key]}
        <PageReady />
      </>
    ),
  }));
}
