// Checks values against the schemas of an OpenAPI document, for the tests of the document itself
// (here) and of the API's real answers (services/api). Only tests import this entry point: `ajv`
// is a development dependency of both packages, never bundled into a front end.
import {
  Ajv2020,
  type AnySchemaObject,
  type Format,
  type ValidateFunction,
} from 'ajv/dist/2020.js';
import { type JsonSchema, type OpenApiDocument, resolvePointer } from './openapi.js';

/** The document's `$id` in ajv: the `#/components/...` refs of its schemas resolve against it. */
const DOC_ID = 'https://slotwise.invalid/openapi.json';

/**
 * The formats zod's toJSONSchema writes (ajv-formats is not a dependency). Strict ajv refuses a
 * format it does not know, so a new one fails the compile test rather than passing unchecked.
 */
const FORMATS: Record<string, Format> = {
  'date-time': (s) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(s) &&
    !Number.isNaN(Date.parse(s)),
  date: (s) => {
    const time = Date.parse(`${s}T00:00:00Z`);
    return (
      /^\d{4}-\d{2}-\d{2}$/.test(s) &&
      !Number.isNaN(time) &&
      new Date(time).toISOString().startsWith(s)
    );
  },
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: (s) => URL.canParse(s),
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

/** The OpenAPI object's fields (3.1): ajv compiles the root of the document refs resolve in. */
const OPENAPI_FIELDS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
];

/** A JSON pointer (`/paths/~1api~1health/get`) from its unescaped parts, ready for a URI. */
export const jsonPointer = (...parts: string[]) =>
  parts.map((p) => `/${encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('');

/**
 * Strict ajv (draft 2020-12, OpenAPI 3.1's dialect) holding the whole document: `compile(at)` is
 * the validator of the schema at a JSON pointer into it (it throws when the schema is not valid),
 * `errors(at, value)` why a value does not fit that schema (empty when it does).
 */
export function documentValidator(d: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, formats: FORMATS });
  // Keywords that check nothing, so strict mode accepts the document's root and nothing else.
  ajv.addVocabulary(OPENAPI_FIELDS);
  ajv.addSchema(d as unknown as AnySchemaObject, DOC_ID);
  const compile = (at: string): ValidateFunction => {
    // A schema that is only a `$ref` is checked by its target: compiled once, not at every use.
    const node = resolvePointer(d, `#${at}`) as JsonSchema;
    const only = Object.keys(node).length === 1 && typeof node.$ref === 'string';
    const validate = ajv.getSchema(`${DOC_ID}${only ? (node.$ref as string) : `#${at}`}`);
    if (!validate) throw new Error(`No schema at ${at}`);
    return validate;
  };
  const errors = (at: string, value: unknown): string[] => {
    const validate = compile(at);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  };
  return { compile, errors };
}
