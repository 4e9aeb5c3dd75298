// A built folder served as it is: hashed files cached for ever, the rest revalidated, and the
// build's .br and .gz copies sent to browsers that accept them.
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { cacheControlFor } from './cache-control.js';

/** Remotes may live on other origins; the federation runtime fetch()es their manifests. */
export function allowAnyOrigin(scope: FastifyInstance) {
  scope.addHook('onSend', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
}

/** Serves `root` at `/` of `scope` (@fastify/static's other options as given). */
export async function staticFiles(
  scope: FastifyInstance,
  root: string,
  options: Omit<FastifyStaticOptions, 'root' | 'prefix' | 'setHeaders' | 'preCompressed'> = {},
) {
  await scope.register(fastifyStatic, {
    ...options,
    root,
    prefix: '/',
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', cacheControlFor(path));
    },
    preCompressed: true,
  });
}
