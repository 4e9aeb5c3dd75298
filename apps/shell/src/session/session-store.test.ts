import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  endSession,
  getSessionState,
  refreshSession,
  restoreSession,
  signIn,
  useSessionStore,
} from './session-store';

// The store calls the API through the real api-client, against a real loopback server.
const api = vi.hoisted(() => ({ baseUrl: '' }));
vi.mock('../federation/remotes-store', () => ({ apiBaseUrlReady: async () => api.baseUrl }));

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Reply = { status: number; body?: unknown } | 'hang-up';

const seen: Seen[] = [];
let replies: Reply[] = [];
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const reply = replies.shift() ?? { status: 500, body: { message: 'no reply queued' } };
    // No answer at all: the API is unreachable.
    if (reply === 'hang-up') return req.socket.destroy();
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const storage = new Map<string, string>();
beforeEach(() => {
  seen.length = 0;
  replies = [];
  storage.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  useSessionStore.setState({ status: 'loading', session: null });
});

const SESSION = { accessToken: 'tok', user: { id: 'u1', email: 'owner@example.com' } };
const UNAUTHORIZED = {
  status: 401,
  body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized', code: 'UNAUTHORIZED' },
};
const signedIn = () => useSessionStore.setState({ status: 'signed-in', session: SESSION });

describe('session store', () => {
  it('starts loading, then signs in from the refresh cookie', async () => {
    expect(getSessionState().status).toBe('loading');
    replies = [{ status: 200, body: SESSION }];
    await expect(refreshSession()).resolves.toBe('tok');
    expect(getSessionState()).toEqual({ status: 'signed-in', session: SESSION });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/auth/refresh' });
    expect(storage.get('slotwise.hasSession')).toBe('1');
  });

  it('shares one refresh between concurrent callers (refresh tokens rotate)', async () => {
    replies = [{ status: 200, body: SESSION }];
    const tokens = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(tokens).toEqual(['tok', 'tok', 'tok']);
    expect(seen).toHaveLength(1);
  });

  it('signs out when the refresh is refused, and forgets the hint', async () => {
    storage.set('slotwise.hasSession', '1');
    replies = [UNAUTHORIZED];
    await expect(refreshSession()).resolves.toBeNull();
    expect(getSessionState()).toEqual({ status: 'signed-out', session: null });
    expect(storage.has('slotwise.hasSession')).toBe(false);
  });

  it('keeps the session when the API is unreachable, but stops loading for a visitor', async () => {
    signedIn();
    replies = ['hang-up'];
    await expect(refreshSession()).resolves.toBeNull();
    expect(getSessionState()).toEqual({ status: 'signed-in', session: SESSION });

    useSessionStore.setState({ status: 'loading', session: null });
    replies = ['hang-up'];
    await refreshSession();
    expect(getSessionState().status).toBe('signed-out');
  });

  it('signs in with email and password, and reports a refusal with its message', async () => {
    useSessionStore.setState({ status: 'signed-out', session: null });
    replies = [
      { status: 401, body: { statusCode: 401, message: 'Invalid email or password' } },
      { status: 200, body: SESSION },
    ];
    await expect(signIn({ email: 'owner@example.com', password: 'wrong!' })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(getSessionState().status).toBe('signed-out');

    await signIn({ email: 'owner@example.com', password: 'secret123' });
    expect(getSessionState()).toEqual({ status: 'signed-in', session: SESSION });
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/api/auth/login' });
    expect(JSON.parse(seen[1]!.body)).toEqual({
      email: 'owner@example.com',
      password: 'secret123',
    });
  });

  it('logs out with the access token; a session already ended counts as signed out', async () => {
    signedIn();
    replies = [{ status: 204 }];
    await endSession();
    expect(getSessionState()).toEqual({ status: 'signed-out', session: null });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout' });
    expect(seen[0]!.headers.authorization).toBe('Bearer tok');

    signedIn();
    replies = [UNAUTHORIZED];
    await endSession();
    expect(getSessionState().status).toBe('signed-out');
  });

  it('keeps the session when the logout fails (the owner is told and may try again)', async () => {
    signedIn();
    replies = [{ status: 500, body: { statusCode: 500, message: 'Internal server error' } }];
    await expect(endSession()).rejects.toThrow('Internal server error');
    expect(getSessionState().status).toBe('signed-in');
  });
});

describe('start-up', () => {
  it('skips the refresh for a visitor without the hint on a public page', async () => {
    restoreSession(Promise.resolve(false));
    await vi.waitFor(() => expect(getSessionState().status).toBe('signed-out'));
    expect(seen).toHaveLength(0);
  });

  it('asks the server on a page for signed-in owners, even without the hint', async () => {
    replies = [{ status: 200, body: SESSION }];
    restoreSession(Promise.resolve(true));
    await vi.waitFor(() => expect(getSessionState().status).toBe('signed-in'));
    expect(seen).toHaveLength(1);
  });

  it('refreshes at once with the hint, without waiting to know the page', async () => {
    storage.set('slotwise.hasSession', '1');
    replies = [{ status: 200, body: SESSION }];
    restoreSession(new Promise<boolean>(() => undefined));
    await vi.waitFor(() => expect(getSessionState().status).toBe('signed-in'));
  });
});
