import { Controller, Req, Res } from '@nestjs/common';
import { apiRoutes } from '@slotwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Route } from '../../../core/http/route.decorator.js';
import { DOCS_PAGE_CSP } from '../services/docs-page.js';
import { ApiDocsService, type CachedBody } from '../services/api-docs.service.js';

/** Cached briefly by browsers and proxies, then revalidated with the ETag (a deploy changes it). */
const CACHE_CONTROL = 'public, max-age=300';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** Sends a cached body, or 304 when the client already has it. */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  type: string,
): string {
  void reply.header('Cache-Control', CACHE_CONTROL).header('ETag', cached.etag).type(type);
  if (matches(request.headers['if-none-match'], cached.etag)) {
    void reply.status(304);
    return '';
  }
  return cached.body;
}

@Controller()
export class ApiDocsController {
  constructor(private readonly docs: ApiDocsService) {}

  /** The OpenAPI 3.1 document of every route, generated from the contracts. */
  @Route(apiRoutes.apiDocs.document)
  document(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    return send(request, reply, this.docs.json(), 'application/json; charset=utf-8');
  }

  /** The same document as a page: server-rendered, no script. */
  @Route(apiRoutes.apiDocs.page)
  page(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.header('Content-Security-Policy', DOCS_PAGE_CSP);
    return send(request, reply, this.docs.page(), 'text/html; charset=utf-8');
  }
}
