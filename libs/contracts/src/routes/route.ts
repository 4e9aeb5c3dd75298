// Only the features' `*.routes.ts` import this, so the bundler can inline it into the route table
// (a helper shared with other chunks costs every one of the table's entries a property access).
import type { ApiRoute, HttpMethod } from './api-route.js';

/** `route<Business>()('GET', 'business/:id')`: the curried form lets TypeScript infer the path. */
export function route<Response, Body = undefined, Query = undefined>() {
  return <const Path extends string>(
    method: HttpMethod,
    path: Path,
  ): ApiRoute<Response, Body, Query, Path> => ({ method, path, key: `${method} ${path}` });
}
