// A small HTTP client over a pool of keep-alive connections (node:http's Agent), so a thousand
// requests fired at once share a bounded number of sockets, as a real load balancer's would. It
// never throws for an HTTP status; a request that gets no answer at all (refused, reset, timed
// out) comes back with status 0 and the error, so suites can count it as a failure.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Milliseconds from sending to the end of the answer. */
  ms: number;
  /** Why there is no answer (status 0). */
  error?: string;
  /** For a request with no answer: what the same pooled socket carried before it. */
  previousOnSocket?: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as it is; anything else as JSON. undefined: no body. */
  body?: unknown;
  timeoutMs?: number;
}

export interface HttpPool {
  request(url: string, options?: RequestOptions): Promise<Answer>;
  /** Closes the pooled sockets. */
  close(): void;
}

/** The answer's body parsed as JSON; null when it is not JSON. */
export function json<T = unknown>(answer: Answer): T | null {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return null;
  }
}

/** `connections`: sockets per origin at most; requests beyond wait for a free one. */
export function httpPool(connections = 128): HttpPool {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  /** The last request each socket carried and its answer, to explain a reset. */
  const history = new WeakMap<object, string>();
  return {
    request(url, { method = 'GET', headers = {}, body, timeoutMs = 30_000 } = {}) {
      const started = performance.now();
      let payload: Buffer | undefined;
      const h: Record<string, string> = { ...headers };
      if (body !== undefined) {
        payload = Buffer.isBuffer(body)
          ? body
          : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
        if (typeof body !== 'string' && !Buffer.isBuffer(body) && !h['content-type']) {
          h['content-type'] = 'application/json';
        }
        h['content-length'] = String(payload.length);
      }
      return new Promise<Answer>((resolve) => {
        let previous: string | undefined;
        const req = httpRequest(url, { method, headers: h, agent, timeout: timeoutMs }, (res) => {
          const chunks: Buffer[] = [];
          // An event stream never ends: its answer is what came up to the stream's first 'ready'
          // event (the live diary's), then the connection is closed.
          const stream = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
          res.on('data', (c: Buffer) => {
            chunks.push(c);
            const body = Buffer.concat(chunks).toString('utf8');
            if (stream && body.includes('event: ready')) {
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body,
                ms: performance.now() - started,
              });
              req.destroy();
            }
          });
          history.set(
            req.socket as object,
            `${method} ${url.slice(0, 200)} → ${res.statusCode} (${res.headers.connection ?? ''})`,
          );
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
          res.on('error', (e) =>
            resolve({ status: 0, headers: {}, body: '', ms: 0, error: e.message }),
          );
        });
        req.on('socket', (socket) => (previous = history.get(socket) ?? 'a new socket'));
        req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        req.on('error', (e: NodeJS.ErrnoException) =>
          resolve({
            status: 0,
            headers: {},
            body: '',
            ms: performance.now() - started,
            error: e.code ?? e.message,
            previousOnSocket: previous,
          }),
        );
        req.end(payload);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** Runs `task` over `items` with at most `concurrency` at once; results in the items' order. */
export async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await task(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Counts of each status, e.g. { '201': 3, '409': 997 }. */
export function statusCounts(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[String(a.status)] = (counts[String(a.status)] ?? 0) + 1;
  return counts;
}
