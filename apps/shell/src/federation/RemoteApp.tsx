// A remote's ./App, loaded through the federation runtime (RemoteApp.server.tsx on the server).
import { createElement, use } from 'react';
import { type RemoteAppProps } from '@slotwise/contracts';
import { loadRemoteApp } from './load-remote';

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

export function RemoteApp({
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
