import { registerRemotes } from '@module-federation/enhanced/runtime';
import { create } from 'zustand';
import { type Area, type RouteSources, resolveArea } from '../routing/areas';
import { fetchRemoteManifest } from './remote-manifest';
import { fetchRemotesConfig } from './remotes-config';
import { serverRenderState } from '../server-render/state';

export interface RemotesState extends RouteSources {
  /** From remotes.json; null until it has answered ('' when it could not be read). */
  apiBaseUrl: string | null;
  /** Bumped by every reload (Try again), so each area loads its remote afresh. */
  generation: number;
}

/** Shell-owned: the run-time configuration and what each remote said about its pages. */
export const useRemotesStore = create<RemotesState>(() => {
  // A server-rendered page starts with the remote the server used, so hydration draws the same.
  const server = serverRenderState();
  return {
    config: 'loading',
    apiBaseUrl: server ? server.apiBaseUrl : null,
    remotes: server ? { [server.remote]: { status: 'ready', routes: server.routes } } : {},
    generation: 0,
  };
});

let loading: Promise<void> | null = null;

function setRemote(generation: number, name: string, state: RemotesState['remotes'][string]) {
  useRemotesStore.setState((s) =>
    s.generation === generation ? { remotes: { ...s.remotes, [name]: state } } : s,
  );
}

/**
 * Reads remotes.json and each remote's manifest it names (in parallel): the pages the remote
 * serves, and its entry script, which is what the federation runtime is given. The shell reads
 * the manifests itself, so the runtime needs no manifest support of its own (a lighter runtime:
 * see disableSnapshot in apps/rspack.base.mjs). Once per page load; `force` (Try again) reads
 * everything afresh and replaces what the runtime had cached.
 */
export function loadRemotes(force = false): Promise<void> {
  if (loading && !force) return loading;
  const generation = useRemotesStore.getState().generation + (force ? 1 : 0);
  if (force) useRemotesStore.setState({ config: 'loading', remotes: {}, generation });
  // The build the server rendered with (its exact entry script) is the one the page loads: its
  // manifest is not read again, which could name a newer build than the HTML.
  const server = force ? null : serverRenderState();
  if (server) registerRemotes([{ name: server.remote, entry: server.entry }]);

  const run = async () => {
    let config;
    try {
      config = await fetchRemotesConfig();
    } catch (error) {
      console.error('[shell] remotes.json could not be read', error);
      useRemotesStore.setState((s) =>
        s.generation === generation ? { config: 'failed', apiBaseUrl: s.apiBaseUrl ?? '' } : s,
      );
      return;
    }
    if (useRemotesStore.getState().generation !== generation) return;
    const entries = Object.entries(config.remotes).filter(([name]) => name !== server?.remote);
    useRemotesStore.setState((s) => ({
      config: 'ready',
      apiBaseUrl: config.apiBaseUrl,
      remotes: {
        ...Object.fromEntries(entries.map(([name]) => [name, { status: 'loading' } as const])),
        // The server-rendered remote, as the page started with it.
        ...(server && s.remotes),
      },
    }));
    await Promise.all(
      entries.map(async ([name, url]) => {
        try {
          const { entry, routes } = await fetchRemoteManifest(url);
          if (useRemotesStore.getState().generation !== generation) return;
          registerRemotes([{ name, entry }], { force });
          setRemote(generation, name, { status: 'ready', routes });
        } catch (error) {
          console.error(`[shell] the "${name}" remote's manifest could not be read`, error);
          setRemote(generation, name, { status: 'failed' });
        }
      }),
    );
  };
  loading = run();
  return loading;
}

function when<T>(select: (state: RemotesState) => T | null): Promise<T> {
  return new Promise((resolve) => {
    const now = select(useRemotesStore.getState());
    if (now !== null) return resolve(now);
    const unsubscribe = useRemotesStore.subscribe((state) => {
      const value = select(state);
      if (value === null) return;
      unsubscribe();
      resolve(value);
    });
  });
}

/** The API's base URL once remotes.json has answered ('' if it could not be read). */
export function apiBaseUrlReady(): Promise<string> {
  return when((s) => s.apiBaseUrl);
}

/** Which app owns `pathname`, once that is known. */
export function areaWhenKnown(pathname: string): Promise<Area> {
  return when((s) => {
    const area = resolveArea(pathname, s);
    return area.kind === 'loading' ? null : area;
  });
}
