import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { type ComponentType } from 'react';
import { type RemoteAppProps } from '@slotwise/contracts';
import { type RemoteName } from '../routing/areas';
import { fetchRemotesConfig } from './remotes-config';

type RemoteAppModule = { default: ComponentType<RemoteAppProps> };

let registration: Promise<void> | null = null;

/**
 * Reads remotes.json and registers every remote it names (once per page load, or again on a
 * retry, when `force` replaces what the runtime had cached for them).
 */
function ensureRegistered(force: boolean): Promise<void> {
  if (!registration || force) {
    registration = fetchRemotesConfig().then((config) => {
      const remotes = Object.entries(config).map(([name, entry]) => ({ name, entry }));
      registerRemotes(remotes, { force });
    });
    // A failed fetch must not stick: the next attempt reads remotes.json again.
    registration.catch(() => {
      registration = null;
    });
  }
  return registration;
}

/** Loads a remote's `./App`; rejects (and the area shows its fallback) if anything is off. */
export async function loadRemoteApp(name: RemoteName, force = false): Promise<RemoteAppModule> {
  await ensureRegistered(force);
  const mod = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!mod || typeof mod.default !== 'function') {
    throw new Error(`Remote "${name}" did not provide a ./App component`);
  }
  return mod;
}
