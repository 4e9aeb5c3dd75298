import {
  Component,
  type ErrorInfo,
  type ReactNode,
  Suspense,
  createElement,
  use,
  useState,
} from 'react';
import { type RemoteAppProps } from '@slotwise/contracts';
import { Button, Card, CardBody, RefreshIcon, Skeleton, useDocumentTitle } from '@slotwise/ui';
import { type RemoteName } from '../routing/areas';
import { loadRemoteApp } from './load-remote';

type RemoteModule = Awaited<ReturnType<typeof loadRemoteApp>>;

// One load per remote and attempt for the page's life, so moving between areas does not suspend
// again; a retry (a higher attempt) starts a fresh load that re-reads remotes.json.
const loads = new Map<RemoteName, { attempt: number; promise: Promise<RemoteModule> }>();
function remoteModule(name: RemoteName, attempt: number): Promise<RemoteModule> {
  const cached = loads.get(name);
  if (cached && cached.attempt === attempt) return cached.promise;
  const promise = loadRemoteApp(name, attempt > 0);
  loads.set(name, { attempt, promise });
  return promise;
}

function RemoteApp({
  name,
  attempt,
  props,
}: {
  name: RemoteName;
  attempt: number;
  props: RemoteAppProps;
}) {
  const mod = use(remoteModule(name, attempt));
  return createElement(mod.default, props);
}

interface BoundaryProps {
  name: RemoteName;
  onRetry: () => void;
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
    if (this.state.failed) {
      return <RemoteUnavailable name={this.props.name} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

function RemoteUnavailable({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  useDocumentTitle('Temporarily unavailable');
  return (
    <div className="shell-area-fallback sw-container" data-remote-fallback={name}>
      <Card>
        <CardBody className="shell-area-fallback__body">
          <div className="shell-area-fallback__icon" aria-hidden="true">
            <RefreshIcon />
          </div>
          <h1 className="shell-area-fallback__title">This section is temporarily unavailable</h1>
          <p className="shell-area-fallback__text">
            We couldn&rsquo;t load this part of Slotwise just now. The rest of the site is working
            &mdash; please try again in a moment.
          </p>
          <Button onClick={onRetry}>Try again</Button>
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

/** One federated area: its own Suspense and error boundary, so a failure stays inside it. */
export function RemoteArea({ name, props }: { name: RemoteName; props: RemoteAppProps }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <div className="shell-area" data-remote-area={name}>
      {/* A new key per attempt gives the boundary a clean state on retry. */}
      <RemoteErrorBoundary key={attempt} name={name} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<AreaLoading />}>
          <RemoteApp name={name} attempt={attempt} props={props} />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}
