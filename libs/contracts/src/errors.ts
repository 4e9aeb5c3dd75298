import { z } from 'zod';

export { ErrorCode, ErrorMessages } from './error-codes.js';

export const ValidationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** The one error shape every endpoint answers with (spec section 8 reads `message`). */
export const ErrorResponseSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
  code: z.string().optional(),
  issues: z.array(ValidationIssueSchema).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
