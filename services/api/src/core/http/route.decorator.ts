import { applyDecorators, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import type { ApiRoute } from '@slotwise/contracts';

/**
 * The handler's route from the contracts' table: the membership guard looks its permission up by
 * its key (`PATCH staff/:id`), the API-key guard reads its spec's `apiKeyScope`.
 */
export const API_ROUTE = Symbol('apiRoute');

/**
 * Declares a handler's method and path from the contracts' route table, so the API and the front
 * ends cannot disagree on a path: `@Route(apiRoutes.services.create)`. Controllers then carry no
 * path of their own (`@Controller()`).
 */
export function Route(route: ApiRoute<unknown, unknown, unknown>): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: route.path, method: RequestMethod[route.method] }),
    SetMetadata(API_ROUTE, route),
  );
}
