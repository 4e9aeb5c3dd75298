// The server render's request state, for the shell's server entry and the `.server.ts(x)` modules
// that stand for browser ones there (apps/rspack.base.mjs). Never part of a browser bundle.
import { type ComponentType, createContext, use } from 'react';
import { type RemoteAppProps } from '@slotwise/contracts';
import { type ServerRenderState } from './state';

/** The request's state and the remote's page component (from its server entry). */
export interface ServerRender {
  state: ServerRenderState;
  remoteApps: Readonly<Record<string, ComponentType<RemoteAppProps>>>;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

export function useServerRender(): ServerRender {
  const server = use(ServerRenderContext);
  if (!server) throw new Error('the shell renders on the server only with its request state');
  return server;
}

/** The year in `timeZone` at `now`. */
export function yearIn(timeZone: string, now: number): number {
  try {
    return Number(new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric' }).format(now));
  } catch {
    return new Date(now).getUTCFullYear();
  }
}
