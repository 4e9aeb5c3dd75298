import { z } from 'zod';

/** Ids are PostgreSQL `integer`s: anything larger can name no row, so it is rejected as bad input. */
export const MAX_ID = 2_147_483_647;

/**
 * A numeric id from a path segment or query string (a number is accepted too): digits only, so
 * '1.5', '1e3', ' 7' or '0x10' are rejected instead of being coerced into some other id.
 */
export const IdParamSchema = (field = 'id') =>
  z
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
