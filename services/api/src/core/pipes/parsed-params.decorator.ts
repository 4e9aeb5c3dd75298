import { Body, Query } from '@nestjs/common';
import { type ApiRoute, routeSpecOf } from '@slotwise/contracts';
import { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe.js';

type Source = z.ZodType | ApiRoute<unknown, unknown, unknown>;

/**
 * The schema a parameter is parsed with: the route's own (its feature's spec in the contracts, so
 * the handler parses what the OpenAPI document says), or a stricter one the API adds on top.
 */
function schemaOf(source: Source, part: 'body' | 'query'): z.ZodType {
  if (source instanceof z.ZodType) return source;
  const schema = routeSpecOf(source).request?.[part];
  // At start-up, not per request: a handler reading a part its route does not take is a bug.
  if (!schema) throw new Error(`${source.key} takes no ${part} in the contracts`);
  return schema;
}

/** The request body, parsed: `@JsonBody(apiRoutes.services.create)` (or a schema). */
export const JsonBody = (source: Source): ParameterDecorator =>
  Body(new ZodValidationPipe(schemaOf(source, 'body')));

/** The query string, parsed: `@ParsedQuery(apiRoutes.staff.listById)` (or a schema). */
export const ParsedQuery = (source: Source): ParameterDecorator =>
  Query(new ZodValidationPipe(schemaOf(source, 'query')));
