import { describe, expect, it } from 'vitest';
import { type RouteSources, resolveArea, shellPageForPath } from './areas';

const ready = (...paths: string[]) => ({
  status: 'ready' as const,
  routes: paths.map((path) => ({ path })),
});

const ALL_READY: RouteSources = {
  config: 'ready',
  remotes: {
    booking: ready('/partners', '/book/:businessSlug', '/cancel', '/reschedule'),
    dashboard: {
      status: 'ready',
      routes: [
        { path: '/dashboard', ownerOnly: true },
        { path: '/email-test', ownerOnly: true },
      ],
    },
    marketing: ready('/', '/pricing'),
  },
};

describe('resolveArea', () => {
  it('gives each path to the remote that publishes it, and the shell its own pages', () => {
    expect(resolveArea('/', ALL_READY)).toEqual({
      kind: 'remote',
      name: 'marketing',
      ownerOnly: false,
    });
    expect(resolveArea('/book/harbour-hair-studio', ALL_READY)).toMatchObject({
      name: 'booking',
    });
    expect(resolveArea('/cancel', ALL_READY)).toMatchObject({ name: 'booking' });
    expect(resolveArea('/auth', ALL_READY)).toEqual({ kind: 'shell', page: 'auth' });
    expect(resolveArea('/verify-email', ALL_READY)).toEqual({
      kind: 'shell',
      page: 'verify-email',
    });
    expect(resolveArea('/dev/outbox', ALL_READY)).toEqual({ kind: 'shell', page: 'dev-outbox' });
    expect(resolveArea('/forgot-password', ALL_READY)).toEqual({
      kind: 'shell',
      page: 'forgot-password',
    });
    expect(resolveArea('/reset-password', ALL_READY)).toEqual({
      kind: 'shell',
      page: 'reset-password',
    });
  });

  it('marks the pages a remote publishes for signed-in owners only', () => {
    expect(resolveArea('/dashboard', ALL_READY)).toEqual({
      kind: 'remote',
      name: 'dashboard',
      ownerOnly: true,
    });
    expect(resolveArea('/email-test', ALL_READY)).toMatchObject({ ownerOnly: true });
    expect(resolveArea('/book/x', ALL_READY)).toMatchObject({ ownerOnly: false });
  });

  it('tolerates a trailing slash and sends unknown paths to the 404 page', () => {
    expect(resolveArea('/partners/', ALL_READY)).toMatchObject({ name: 'booking' });
    for (const path of ['/book', '/book/a/b', '/email-test/x', '/definitely/not/here']) {
      expect(resolveArea(path, ALL_READY), path).toEqual({ kind: 'not-found' });
    }
  });

  it('waits for the remotes that have not answered before calling a path unknown', () => {
    const sources: RouteSources = {
      config: 'ready',
      remotes: { booking: ready('/partners'), marketing: { status: 'loading' } },
    };
    // A remote that has answered serves its pages at once.
    expect(resolveArea('/partners', sources)).toMatchObject({ name: 'booking' });
    expect(resolveArea('/pricing', sources)).toEqual({ kind: 'loading' });
    expect(resolveArea('/pricing', { config: 'loading', remotes: {} })).toEqual({
      kind: 'loading',
    });
    // The shell's own pages never wait.
    expect(resolveArea('/auth', { config: 'loading', remotes: {} })).toMatchObject({
      kind: 'shell',
    });
  });

  it('degrades only the paths no readable remote claims when a remote cannot be read', () => {
    const sources: RouteSources = {
      config: 'ready',
      remotes: { booking: ready('/partners'), marketing: { status: 'failed' } },
    };
    expect(resolveArea('/partners', sources)).toMatchObject({ name: 'booking' });
    expect(resolveArea('/', sources)).toEqual({ kind: 'unavailable', remotes: ['marketing'] });
    expect(resolveArea('/', { config: 'failed', remotes: {} })).toEqual({
      kind: 'unavailable',
      remotes: [],
    });
  });

  it('knows the shell pages without any remote', () => {
    expect(shellPageForPath('/auth/')).toBe('auth');
    expect(shellPageForPath('/dev/outbox')).toBe('dev-outbox');
    expect(shellPageForPath('/dashboard')).toBeNull();
  });

  it('marks a bare page (drawn without header and footer)', () => {
    const sources: RouteSources = {
      config: 'ready',
      remotes: {
        booking: {
          status: 'ready',
          routes: [{ path: '/book/:s' }, { path: '/embed/:s', bare: true }],
        },
      },
    };
    expect(resolveArea('/embed/harbour', sources)).toEqual({
      kind: 'remote',
      name: 'booking',
      ownerOnly: false,
      bare: true,
    });
    expect(resolveArea('/book/harbour', sources)).not.toHaveProperty('bare');
  });
});
