import { z } from 'zod';
import { documentedAs } from './documented-as.js';

/** Ids are PostgreSQL `integer`s: anything larger can name no row, so it is rejected as bad input. */
export const MAX_ID = 2_147_483_647;

/** The longest path parameter the API takes (a booking link, a user id): longer ones answer 400. */
export const MAX_PATH_PARAM_LENGTH = 100;

/** A path parameter that is text (a booking link, a user id). */
export const PathStringSchema = z.string().min(1).max(MAX_PATH_PARAM_LENGTH);

/** What every id is in the OpenAPI document: a positive PostgreSQL `integer`. */
export const ID_JSON_SCHEMA = { type: 'integer', minimum: 1, maximum: MAX_ID };

/** A numeric id in a JSON body: a number, positive, a PostgreSQL `integer`. */
export const IdSchema = (field = 'id') =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(MAX_ID, `${field} is too large`);

/**
 * A numeric id from a path segment or query string (a number is accepted too): digits only, so
 * '1.5', '1e3', ' 7' or '0x10' are rejected instead of being coerced into some other id.
 */
export const IdParamSchema = (field = 'id') => {
  const schema = z
    .union(
      [
        z.string().regex(/^\d+$/, `${field} must be a positive whole number`).transform(Number),
        z.number(),
      ],
      {
        error: (iss) =>
          iss.input === undefined
            ? `${field} is required`
            : `${field} must be a positive whole number`,
      },
    )
    .pipe(
      z
        .number()
        .int(`${field} must be a positive whole number`)
        .positive(`${field} must be a positive whole number`)
        .max(MAX_ID, `${field} is too large`),
    );
  // Documented as the one thing it is, whatever form it arrives in.
  return documentedAs(schema, ID_JSON_SCHEMA);
};

/** A whole number from a query string, digits only (a number is accepted too), within bounds. */
export const queryIntSchema = (field: string, min: number, max: number) =>
  z
    .union(
      [z.string().regex(/^\d+$/, `${field} must be a whole number`).transform(Number), z.number()],
      { error: `${field} must be a whole number` },
    )
    .pipe(
      z
        .number()
        .int(`${field} must be a whole number`)
        .min(min, `${field} must be at least ${min}`)
        .max(max, `${field} must be at most ${max}`),
    );
