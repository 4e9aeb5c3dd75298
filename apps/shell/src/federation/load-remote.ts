import { loadRemote } from '@module-federation/enhanced/runtime';
import { type ComponentType } from 'react';
import { type RemoteAppProps } from '@slotwise/contracts';

type RemoteAppModule = { default: ComponentType<RemoteAppProps> };

/**
 * Loads a remote's `./App` (registered by loadRemotes); rejects, and the area shows its fallback,
 * if anything is off.
 */
export async function loadRemoteApp(name: string): Promise<RemoteAppModule> {
  const mod = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!mod || typeof mod.default !== 'function') {
    throw new Error(`Remote "${name}" did not provide a ./App component`);
  }
  return mod;
}
