import type { z } from 'zod';

/** A JSON Schema (draft 2020-12) fragment. */
type JsonSchemaFragment = { [keyword: string]: unknown };

const DOCUMENTED_AS = new WeakMap<object, JsonSchemaFragment>();

/**
 * Says how the OpenAPI document shows a schema whose zod form JSON Schema cannot say (a string
 * parsed into a number, a comma list read without regard to case): what clients should send,
 * every value of which the schema accepts. `toJsonSchema` (openapi.ts) uses it in place of zod's.
 */
export function documentedAs<S extends z.ZodType>(schema: S, json: JsonSchemaFragment): S {
  DOCUMENTED_AS.set(schema, json);
  return schema;
}

/** The document's form of a schema given with `documentedAs`, if any. */
export const documentedFormOf = (schema: object): JsonSchemaFragment | undefined =>
  DOCUMENTED_AS.get(schema);
