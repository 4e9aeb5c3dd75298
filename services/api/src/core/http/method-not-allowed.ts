import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ErrorCode } from '@slotwise/contracts';

/** A registered path (`/api/business/:id`) as a pattern for request paths. */
function pathPattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) =>
      part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`),
    )
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * A known path asked with a method it does not have answers 405 with `Allow` (RFC 9110), not 404,
 * so a client (or an OpenAPI fuzzer) can tell a wrong method from a wrong path. Call before any
 * route is registered: it learns the paths from Fastify's `onRoute`.
 */
export function answerMethodNotAllowed(app: FastifyInstance): void {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ pattern: pathPattern(route.url), methods });
  });
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // A matched route: nothing to do. Only Fastify's not-found handler has no route url.
    if (request.routeOptions.url !== undefined) {
      done();
      return;
    }
    const path = request.url.split('?')[0] ?? '';
    const allowed = new Set(
      routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods.map(String)),
    );
    if (allowed.size === 0 || allowed.has(request.method)) {
      done();
      return;
    }
    const allow = [...allowed].sort().join(', ');
    void reply
      .code(405)
      .header('allow', allow)
      .send({
        statusCode: 405,
        message: `${request.method} is not allowed on this path; it answers ${allow}`,
        error: STATUS_CODES[405],
        code: ErrorCode.METHOD_NOT_ALLOWED,
      });
  });
}
