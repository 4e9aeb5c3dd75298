// What the gateway's server render of a page hands to the browser, and what the shell's server
// entry renders with. The browser reads it once, before hydrating: the remote (and its exact entry
// script) the server rendered, that remote's pages, the queries' answers and the footer's year, so
// its first render is the server's.
import { type RemoteRoute } from '@slotwise/contracts';

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
  if (read === undefined) {
    read = null;
    try {
      // No document (the server), no block or a broken one: a client-rendered page.
      read = JSON.parse(document.getElementById(SERVER_RENDER_ELEMENT_ID)?.textContent ?? '');
    } catch {
      // As above.
    }
  }
  return read ?? null;
}

/** The footer's year: the server's on a server-rendered page, else this browser's. */
export function useRenderYear(): number {
  return serverRenderState()?.year ?? new Date().getFullYear();
}
