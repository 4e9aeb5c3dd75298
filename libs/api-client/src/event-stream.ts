import type { ApiClientConfig } from './client';

/** One server-sent event: its `id` (null when it had none), name and data text. */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

export type StreamStatus = 'connecting' | 'open' | 'retrying' | 'closed';

export interface ListenOptions {
  onEvent(event: StreamEvent): void;
  onStatus?(status: StreamStatus): void;
  /** Test seams: the first retry's delay (doubles up to `maxRetryMs`) and the silence limit. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** No byte (event or heartbeat) for this long: the connection is taken for dead and renewed. */
  silenceMs?: number;
  fetch?: typeof fetch;
}

/** Splits a text/event-stream's text into complete events; answers them and the rest. */
export function parseEventStream(text: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0 || id !== null) events.push({ id, event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Listens to a text/event-stream route with fetch, because EventSource cannot send the
 * Authorization header and the access token must not travel in a URL (logs, Referer). The stream
 * is read as it arrives; when it ends, fails or falls silent it reconnects with backoff (1 s,
 * 2 s, 4 s… up to 30 s, with jitter), sending Last-Event-ID so the server replays what was missed.
 * A 401 refreshes the session once; a 403/404 (not this person's business) stops. Answers a
 * function that stops listening.
 */
export function listenToStream(
  config: ApiClientConfig,
  url: string,
  options: ListenOptions,
): () => void {
  const firstRetryMs = options.firstRetryMs ?? 1000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const silenceMs = options.silenceMs ?? 45_000;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let lastEventId: string | null = null;
  let stopped = false;
  let failures = 0;
  let refreshed = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;

  const status = (s: StreamStatus) => options.onStatus?.(s);
  const retry = (delay?: number) => {
    if (stopped) return;
    status('retrying');
    const backoff = Math.min(maxRetryMs, firstRetryMs * 2 ** failures);
    failures++;
    retryTimer = setTimeout(connect, delay ?? backoff * (0.8 + Math.random() * 0.4));
  };
  const watch = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => controller?.abort(), silenceMs);
  };
  // Back online: try at once rather than at the end of a long backoff.
  const online = () => {
    if (stopped || !retryTimer) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    void connect();
  };
  globalThis.addEventListener?.('online', online);

  async function connect(): Promise<void> {
    retryTimer = undefined;
    if (stopped) return;
    status('connecting');
    controller = new AbortController();
    const token = config.getAccessToken?.();
    try {
      const res = await doFetch(`${config.baseUrl}${url}`, {
        headers: {
          Accept: 'text/event-stream',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(lastEventId !== null ? { 'Last-Event-ID': lastEventId } : {}),
        },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (res.status === 401 && config.refreshSession && !refreshed) {
        refreshed = true;
        const fresh = await config.refreshSession().catch(() => null);
        if (fresh) return retry(0);
      }
      if (res.status === 401 || res.status === 403 || res.status === 404) {
        stopped = true;
        status('closed');
        return;
      }
      if (!res.ok || !res.body) throw new Error(`event stream answered ${res.status}`);
      refreshed = false;
      status('open');
      watch();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        watch();
        failures = 0;
        text += decoder.decode(value, { stream: true });
        const parsed = parseEventStream(text);
        text = parsed.rest;
        for (const event of parsed.events) {
          if (event.id !== null) lastEventId = event.id;
          options.onEvent(event);
        }
      }
    } catch {
      // Network drop, abort on silence, or a bad answer: tried again below.
    } finally {
      clearTimeout(silenceTimer);
    }
    retry();
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
    controller?.abort();
    globalThis.removeEventListener?.('online', online);
    status('closed');
  };
}
