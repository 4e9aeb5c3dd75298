import { describe, expect, it } from 'vitest';
import { allApiRoutes, apiPath, apiRoutes } from './routes/index.js';
import { ROUTE_SPECS } from './routes/route-specs.js';

describe('the route table', () => {
  it('names every route once, and every route says what it answers', () => {
    const keys = allApiRoutes().map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...ROUTE_SPECS.keys()].sort()).toEqual([...keys].sort());
    for (const key of keys) expect(ROUTE_SPECS.get(key)!.spec.response, key).not.toBeUndefined();
  });

  it('builds URLs below /api with each parameter encoded', () => {
    expect(apiPath(apiRoutes.businesses.list)).toBe('/api/businesses');
    expect(apiPath(apiRoutes.services.listBySlug, { slug: 'hair & co' })).toBe(
      '/api/business/slug/hair%20%26%20co/services',
    );
    expect(apiPath(apiRoutes.appointments.update, { id: 42 })).toBe('/api/appointments/42');
  });

  it('refuses to build a URL with a parameter missing', () => {
    expect(() => apiPath(apiRoutes.services.update, {} as { id: number })).toThrow(
      'PATCH services/:id needs the path parameter "id"',
    );
  });
});
