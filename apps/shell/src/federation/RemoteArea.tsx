import {
  Component,
  type ErrorInfo,
  type ReactNode,
  Suspense,
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
import { serverRenderState } from '../server-render/state';
import { RemoteApp } from './RemoteApp';
import { loadRemotes, useRemotesStore } from './remotes-store';

/** Try again: re-reads remotes.json and every manifest, then each area loads its remote afresh. */
const retry = () => void loadRemotes(true);

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

/** Whether the server's area has been hydrated: its props are held only the first time. */
let hydrated = false;

/**
 * Whether this area still hydrates the server's HTML: until the remote's page has mounted
 * (PAGE_READY_EVENT), a change of props reaching it would make React drop that HTML and draw the
 * area again (silently), so the props it was first rendered with are held until then.
 */
function useHydrating(name: string): boolean {
  const [hydrating, setHydrating] = useState(
    () => !hydrated && serverRenderState()?.remote === name,
  );
  useEffect(() => {
    if (!hydrating) return;
    const done = () => {
      hydrated = true;
      setHydrating(false);
    };
    addEventListener(PAGE_READY_EVENT, done);
    return () => removeEventListener(PAGE_READY_EVENT, done);
  }, [hydrating]);
  return hydrating;
}

/** One federated area: its own Suspense and error boundary, so a failure stays inside it. */
export function RemoteArea({ name, props }: { name: string; props: RemoteAppProps }) {
  const generation = useRemotesStore((s) => s.generation);
  const hydrating = useHydrating(name);
  const [shown, setShown] = useState(props);
  if (!hydrating && shown !== props) setShown(props);
  // The same element while hydrating: React then leaves the area's server HTML alone.
  const content = useMemo(
    () => (
      // A new key per generation gives the boundary a clean state after a retry.
      <RemoteErrorBoundary key={generation} name={name}>
        <Suspense fallback={<AreaLoading />}>
          <RemoteApp name={name} generation={generation} props={shown} />
        </Suspense>
      </RemoteErrorBoundary>
    ),
    [generation, name, shown],
  );
  return (
    <div className="shell-area" data-remote-area={name}>
      {content}
    </div>
  );
}
