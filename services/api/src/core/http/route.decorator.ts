import { RequestMapping, RequestMethod } from '@nestjs/common';
import type { ApiRoute } from '@slotwise/contracts';

/**
 * Declares a handler's method and path from the contracts' route table, so the API and the front
 * ends cannot disagree on a path: `@Route(apiRoutes.services.create)`. Controllers then carry no
 * path of their own (`@Controller()`).
 */
export function Route(route: ApiRoute<unknown, unknown, unknown>): MethodDecorator {
  return RequestMapping({ path: route.path, method: RequestMethod[route.method] });
}
