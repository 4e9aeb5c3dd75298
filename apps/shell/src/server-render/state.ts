// What the gateway's server render of a page hands to the browser, and what the shell's server
// entry renders with. The browser reads it once, before hydrating: the remote (and its exact entry
// script) the server rendered, that remote's pages, the queries' answers and the footer's year, so
// its first render is the server's.
import { type ComponentType, createContext, use } from 'react';
import { type RemoteAppProps, type RemoteRoute } from '@slotwise/contracts';

/** The JSON block (`<script type="application/json">`) the gateway writes into the page. */
export const SERVER_RENDER_ELEMENT_ID = 'slotwise-server-render';

export interface ServerRenderState {
  /** The remote whose page the server rendered, and the entry script of the build it used. */
  remote: string;
  entry: string;
  routes: RemoteRoute[];
  /** remotes.json's apiBaseUrl ('' for this origin). */
  apiBaseUrl: string;
  /** The year the footer shows, fixed by the server (the page's time zone), not the machine clock. */
  year: number;
  /** The query client's answered queries (a plain list: cheaper in the browser than dehydrate). */
  queries: { queryKey: readonly unknown[]; data: unknown; updatedAt: number }[];
}

let read: ServerRenderState | null | undefined;

/** In the browser: the server render this page came with, or null (a client-rendered page). */
export function serverRenderState(): ServerRenderState | null {
  if (read !== undefined) return read;
  read = null;
  if (typeof document === 'undefined') return read;
  const text = document.getElementById(SERVER_RENDER_ELEMENT_ID)?.textContent;
  if (!text) return read;
  try {
    const parsed = JSON.parse(text) as ServerRenderState;
    if (typeof parsed?.remote === 'string' && typeof parsed.entry === 'string') read = parsed;
  } catch {
    // A broken block: the page renders in the browser as it would without one.
  }
  return read;
}

/** On the server: the request's state and the remote's page component (its server entry). */
export interface ServerRender {
  state: ServerRenderState;
  remoteApps: Readonly<Record<string, ComponentType<RemoteAppProps>>>;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The year in `timeZone` at `now`. */
export function yearIn(timeZone: string, now: number): number {
  try {
    return Number(new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric' }).format(now));
  } catch {
    return new Date(now).getUTCFullYear();
  }
}

/** The footer's year: the server's on a server-rendered page, else this browser's. */
export function useRenderYear(): number {
  const server = use(ServerRenderContext);
  return server?.state.year ?? serverRenderState()?.year ?? new Date().getFullYear();
}
