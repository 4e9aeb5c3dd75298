import { z } from 'zod';
import type { ErrorResponse, ValidationIssue } from './error-response.js';

export { ERROR_CODE_STATUS, ErrorCode, ErrorMessages } from './error-codes.js';
export * from './error-response.js';

export const ValidationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
}) satisfies z.ZodType<ValidationIssue>;

/** The error shape as a schema, for the API's tests (browsers use readErrorResponse). */
export const ErrorResponseSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
  code: z.string().optional(),
  issues: z.array(ValidationIssueSchema).optional(),
}) satisfies z.ZodType<ErrorResponse>;
