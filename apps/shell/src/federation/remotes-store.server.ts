// The remotes store in the shell's server entry (apps/rspack.base.mjs resolves `.server.ts`
// first there): per request, the remote whose page is rendered, as the browser's store starts
// with it (remotes-store.ts). Nothing of this ships to the browser.
import { useServerRender } from '../server-render/context';
import type { RemotesState } from './remotes-store';

export function useRemotesStore<T>(selector: (state: RemotesState) => T): T {
  const { remote, routes, apiBaseUrl } = useServerRender().state;
  return selector({
    config: 'loading',
    apiBaseUrl,
    remotes: { [remote]: { status: 'ready', routes } },
    generation: 0,
  });
}

/** Nothing to load on the server: the page's remote is given. */
export const loadRemotes = (): Promise<void> => Promise.resolve();

export const apiBaseUrlReady = (): Promise<string> => Promise.resolve('');
