import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, getSessionState, refreshSession } from './session-store';

const SESSION = { accessToken: 'tok', user: { id: 'u1', email: 'owner@example.com' } };

afterEach(() => vi.unstubAllGlobals());

describe('session store', () => {
  it('starts loading, then signs in from the refresh cookie', async () => {
    expect(getSessionState().status).toBe('loading');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(SESSION), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(refreshSession()).resolves.toBe('tok');
    expect(getSessionState()).toEqual({ status: 'signed-in', session: SESSION });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/refresh',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
  });

  it('shares one refresh between concurrent callers (refresh tokens rotate)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(SESSION), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('signs out when the refresh is refused, and after logout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 })),
    );
    await expect(refreshSession()).resolves.toBeNull();
    expect(getSessionState().status).toBe('signed-out');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await endSession();
    expect(getSessionState()).toEqual({ status: 'signed-out', session: null });
  });
});
