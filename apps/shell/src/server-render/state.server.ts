// server-render/state.ts in the shell's server entry: the request's state, from its context.
import { useServerRender } from './context';
import type { ServerRenderState } from './state';

/** Per request: read through useServerRender in components; nothing module-wide. */
export const serverRenderState = (): ServerRenderState | null => null;

export const useRenderYear = (): number => useServerRender().state.year;
