import { type PipeTransform } from '@nestjs/common';
import { IdParamSchema, type ValidationIssue } from '@slotwise/contracts';
import type { z } from 'zod';
import { ValidationFailedException } from '../exceptions/domain.exception.js';

export function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    // A missing or non-object body fails at the root, where zod's own text says little.
    message:
      issue.path.length === 0 && issue.code === 'invalid_type'
        ? 'Request body must be a JSON object'
        : issue.message,
  }));
}

/**
 * Validates one parameter (body, query or a path segment) with a contracts schema and hands the
 * parsed output to the handler. The first issue's text becomes the message, as the front end
 * shows `message` as is.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  /**
   * `field` names a scalar parameter (a path segment) in the issues. `schema` is public so the
   * OpenAPI test can compare what each handler parses with what the document says.
   */
  constructor(
    readonly schema: S,
    private readonly field?: string,
  ) {}

  transform(value: unknown): z.output<S> {
    const nulPath = findNulCharacter(value);
    if (nulPath !== null) {
      // PostgreSQL text cannot hold U+0000; refuse it here rather than fail in the database.
      const message = 'Text must not contain NUL characters';
      throw new ValidationFailedException(message, [
        { path: nulPath || this.field || '', message },
      ]);
    }
    const result = this.schema.safeParse(value);
    if (!result.success) {
      const issues = toIssues(result.error).map((i) =>
        i.path === '' && this.field ? { ...i, path: this.field } : i,
      );
      throw new ValidationFailedException(issues[0]?.message ?? 'Invalid input', issues);
    }
    return result.data;
  }
}

/** Path of the first string containing U+0000 ('' for the value itself), or null. */
export function findNulCharacter(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = findNulCharacter(child, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Validates a numeric path id ('/business/:id'): non-numeric → 400, never a database error. */
export const idPipe = (field = 'id') => new ZodValidationPipe(IdParamSchema(field), field);
