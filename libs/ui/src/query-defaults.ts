/**
 * The query defaults every app uses: data fresh for 30 s, no retries, no refetch on window focus.
 * The shell's QueryClient uses them (remotes share that client through react-query's singleton).
 */
export const QUERY_DEFAULTS = {
  queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
  mutations: { retry: false },
} as const;
