import {
  Component,
  type ErrorInfo,
  type ReactNode,
  Suspense,
  createElement,
  use,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { type RemoteAppProps } from '@slotwise/contracts';
import {
  Button,
  Card,
  CardBody,
  PAGE_READY_EVENT,
  RefreshIcon,
  Skeleton,
  useDocumentTitle,
} from '@slotwise/ui';
import { ServerRenderContext, serverRenderState } from '../server-render/state';
import { loadRemoteApp } from './load-remote';
import { loadRemotes, useRemotesStore } from './remotes-store';

type RemoteModule = Awaited<ReturnType<typeof loadRemoteApp>>;

// One load per remote and generation for the page's life, so moving between areas does not
// suspend again; a retry (the next generation) starts a fresh load after re-reading remotes.json.
const loads = new Map<string, Promise<RemoteModule>>();
function remoteModule(name: string, generation: number): Promise<RemoteModule> {
  const key = `${generation}:${name}`;
  let promise = loads.get(key);
  if (!promise) {
    promise = loadRemoteApp(name);
    loads.set(key, promise);
  }
  return promise;
}

/** Try again: re-reads remotes.json and every manifest, then each area loads its remote afresh. */
const retry = () => void loadRemotes(true);

function RemoteApp({
  name,
  generation,
  props,
}: {
  name: string;
  generation: number;
  props: RemoteAppProps;
}) {
  const mod = use(remoteModule(name, generation));
  return createElement(mod.default, props);
}

interface BoundaryProps {
  name: string;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(
      `[shell] the "${this.props.name}" area failed to load`,
      error,
      info.componentStack,
    );
  }

  override render() {
    if (this.state.failed) return <RemoteUnavailable names={[this.props.name]} />;
    return this.props.children;
  }
}

/** A friendly message in place of an area that could not be loaded; the rest of the page works. */
function RemoteUnavailable({ names }: { names: readonly string[] }) {
  useDocumentTitle('Temporarily unavailable');
  return (
    <div className="shell-area-fallback sw-container" data-remote-fallback={names.join(' ')}>
      <Card>
        <CardBody className="shell-area-fallback__body">
          <div className="sw-icon-circle shell-area-fallback__icon" aria-hidden="true">
            <RefreshIcon />
          </div>
          <h1 className="shell-area-fallback__title">This section is temporarily unavailable</h1>
          <p className="shell-area-fallback__text">
            We couldn&rsquo;t load this part of Slotwise just now. The rest of the site is working
            &mdash; please try again in a moment.
          </p>
          <Button onClick={retry}>Try again</Button>
        </CardBody>
      </Card>
    </div>
  );
}

function AreaLoading() {
  return (
    <div className="sw-container shell-area-loading" role="status" aria-live="polite">
      <span className="sw-visually-hidden">Loading…</span>
      <Skeleton width="45%" height={32} />
      <Skeleton width="70%" height={18} />
      <div className="shell-area-loading__cards">
        <Skeleton height={120} radius={14} />
        <Skeleton height={120} radius={14} />
      </div>
    </div>
  );
}

/** While the remotes' route lists arrive: the same frame and skeleton a loading area shows. */
export function PendingArea() {
  return (
    <div className="shell-area">
      <AreaLoading />
    </div>
  );
}

/** A path no readable remote claims while some remote (or remotes.json) could not be read. */
export function UnavailableArea({ remotes }: { remotes: readonly string[] }) {
  return (
    <div className="shell-area">
      <RemoteUnavailable names={remotes} />
    </div>
  );
}

/** Areas whose server HTML has been hydrated (or given up on): held only the first time. */
const hydrated = new Set<string>();

/** Past this, props are let through even if the page never said it mounted. */
const HOLD_LIMIT_MS = 15_000;

/**
 * Whether this area still hydrates the server's HTML: until the remote's page has mounted
 * (PAGE_READY_EVENT), a change of props reaching it would make React drop that HTML and draw the
 * area again (silently), so the props it was first rendered with are held until then.
 */
function useHydrating(name: string): boolean {
  const [hydrating, setHydrating] = useState(
    () => serverRenderState()?.remote === name && !hydrated.has(name),
  );
  useEffect(() => {
    if (!hydrating) return;
    const done = () => {
      hydrated.add(name);
      setHydrating(false);
    };
    window.addEventListener(PAGE_READY_EVENT, done);
    const timer = setTimeout(done, HOLD_LIMIT_MS);
    return () => {
      window.removeEventListener(PAGE_READY_EVENT, done);
      clearTimeout(timer);
    };
  }, [hydrating, name]);
  return hydrating;
}

/** One federated area: its own Suspense and error boundary, so a failure stays inside it. */
export function RemoteArea({ name, props }: { name: string; props: RemoteAppProps }) {
  const generation = useRemotesStore((s) => s.generation);
  // On the server, the remote's page component comes from its server entry.
  const serverApp = use(ServerRenderContext)?.remoteApps[name];
  const hydrating = useHydrating(name);
  const [shown, setShown] = useState(props);
  if (!hydrating && shown !== props) setShown(props);
  // The same element while hydrating: React then leaves the area's server HTML alone.
  const content = useMemo(
    () => (
      // A new key per generation gives the boundary a clean state after a retry.
      <RemoteErrorBoundary key={generation} name={name}>
        <Suspense fallback={<AreaLoading />}>
          {serverApp ? (
            createElement(serverApp, shown)
          ) : (
            <RemoteApp name={name} generation={generation} props={shown} />
          )}
        </Suspense>
      </RemoteErrorBoundary>
    ),
    [generation, name, serverApp, shown],
  );
  return (
    <div className="shell-area" data-remote-area={name}>
      {content}
    </div>
  );
}
