import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';

/** One route handler the application registered, read from Nest's own metadata. */
export interface RegisteredHandler {
  /** 'GET', 'PATCH', … */
  method: string;
  /** The controller's and the handler's paths joined, without `/api`: `business/:id`. */
  path: string;
  controller: new (...args: never[]) => object;
  /** The handler's method name on the controller. */
  name: string;
  handler: object;
  /** The controller's guards, then the handler's. */
  guards: unknown[];
}

function joinPath(...parts: (string | undefined)[]): string {
  return parts
    .flatMap((p) => (p ?? '').split('/'))
    .filter(Boolean)
    .join('/');
}

/** Method names of a controller and of the classes it extends (as Nest scans them). */
function handlerNames(proto: object): Set<string> {
  const names = new Set<string>();
  for (let p = proto; p !== Object.prototype; p = Object.getPrototypeOf(p) as object) {
    for (const name of Object.getOwnPropertyNames(p)) names.add(name);
  }
  return names;
}

/** Every route handler of every controller the application holds. */
export function registeredHandlers(app: INestApplication): RegisteredHandler[] {
  const found: RegisteredHandler[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const base = Reflect.getMetadata(PATH_METADATA, controller) as string | undefined;
      const classGuards = (Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as unknown[];
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of handlerNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined) continue;
        found.push({
          method: RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]!,
          path: joinPath(base, path),
          controller,
          name,
          handler,
          guards: [
            ...classGuards,
            ...((Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as unknown[]),
          ],
        });
      }
    }
  }
  return found;
}
