import { describe, expect, it } from 'vitest';
import { listenToStream, parseEventStream, type StreamEvent } from './event-stream';

/** A response whose body is `chunks`, each a text, then the end. */
function streamed(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      c.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('parseEventStream', () => {
  it('reads complete events, skips comments, and keeps an unfinished one for later', () => {
    const { events, rest } = parseEventStream(
      'retry: 2000\n\n: heartbeat\n\nid: 7\nevent: booking\ndata: {"a":1}\n\nid: 8\nevent: bo',
    );
    expect(events).toEqual([{ id: '7', event: 'booking', data: '{"a":1}' }]);
    expect(rest).toBe('id: 8\nevent: bo');
  });
});

describe('listenToStream', () => {
  it('sends the token, and reconnects with the last event id after the stream ends', async () => {
    const calls: Record<string, string>[] = [];
    const answers = [
      streamed(['id: 3\nevent: ready\ndata: {}\n\n', 'id: 4\nevent: booking\ndata: {"n":4}\n\n']),
      streamed(['id: 5\nevent: booking\ndata: {"n":5}\n\n']),
    ];
    const seen: StreamEvent[] = [];
    const stop = listenToStream(
      { baseUrl: '', getAccessToken: () => 'tok' },
      '/api/business/1/events',
      {
        onEvent: (e) => seen.push(e),
        firstRetryMs: 1,
        fetch: async (_url, init) => {
          calls.push(init!.headers as Record<string, string>);
          return answers.shift() ?? new Promise<Response>(() => undefined);
        },
      },
    );
    await until(() => seen.length === 3);
    stop();
    expect(seen.map((e) => e.id)).toEqual(['3', '4', '5']);
    expect(calls[0]).toMatchObject({ Authorization: 'Bearer tok' });
    expect(calls[0]!['Last-Event-ID']).toBeUndefined();
    expect(calls[1]).toMatchObject({ 'Last-Event-ID': '4' });
  });

  it('refreshes the session once on 401, and stops on 404', async () => {
    let token = 'old';
    const statuses: string[] = [];
    const answers = [streamed([], 401), streamed([], 404)];
    const used: string[] = [];
    listenToStream(
      {
        baseUrl: '',
        getAccessToken: () => token,
        refreshSession: async () => (token = 'new'),
      },
      '/api/business/1/events',
      {
        onEvent: () => undefined,
        onStatus: (s) => statuses.push(s),
        fetch: async (_url, init) => {
          used.push((init!.headers as Record<string, string>).Authorization!);
          return answers.shift()!;
        },
      },
    );
    await until(() => statuses.at(-1) === 'closed');
    expect(used).toEqual(['Bearer old', 'Bearer new']);
  });
});
