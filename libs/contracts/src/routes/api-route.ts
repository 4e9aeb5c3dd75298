// Zod-free on purpose: the front ends import the route table without the schema library.
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every API path starts with this segment (`/api/...`), on the API and in the clients alike. */
export const API_PREFIX = 'api';

/**
 * One API endpoint: its method and its path below `/api`, in the `:param` form NestJS and the
 * clients both read. The type parameters say what it answers and takes; they exist only for the
 * compiler (`__types` is never set), so the table costs the browser a few strings per route.
 */
export interface ApiRoute<
  Response = unknown,
  Body = undefined,
  Query = undefined,
  Path extends string = string,
> {
  readonly method: HttpMethod;
  readonly path: Path;
  /** `${method} ${path}`: unique, the key of the route's schemas (routes/route-specs.ts). */
  readonly key: `${HttpMethod} ${Path}`;
  readonly __types?: { response: Response; body: Body; query: Query };
}

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? Head | Segments<Rest>
  : P;
type ParamName<S> = S extends `:${infer Name}` ? Name : never;
/** `{ id: number | string }` for 'business/:id/services'; `{}` for a path without parameters. */
export type PathParams<P extends string> = { [K in ParamName<Segments<P>>]: string | number };

export type RouteResponse<R> =
  R extends ApiRoute<infer Res, unknown, unknown, string> ? Res : never;
export type RouteBody<R> = R extends ApiRoute<unknown, infer B, unknown, string> ? B : never;
export type RouteQuery<R> = R extends ApiRoute<unknown, unknown, infer Q, string> ? Q : never;
export type RoutePath<R> = R extends ApiRoute<unknown, unknown, unknown, infer P> ? P : never;

export type RouteTree = { readonly [key: string]: ApiRoute<unknown, unknown, unknown> | RouteTree };

/** Every route of a (nested) table of routes, once each. */
export function flatten(tree: RouteTree): ApiRoute<unknown, unknown, unknown>[] {
  return Object.values(tree).flatMap((node) =>
    'method' in node && typeof node.method === 'string'
      ? [node as ApiRoute<unknown, unknown, unknown>]
      : flatten(node as RouteTree),
  );
}
