import { Body, Query } from '@nestjs/common';
import type { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe.js';

/** The request body, parsed with a contracts schema: `@JsonBody(CreateServiceRequestSchema)`. */
export const JsonBody = (schema: z.ZodType): ParameterDecorator =>
  Body(new ZodValidationPipe(schema));

/** The query string, parsed with a contracts schema: `@ParsedQuery(StaffQuerySchema)`. */
export const ParsedQuery = (schema: z.ZodType): ParameterDecorator =>
  Query(new ZodValidationPipe(schema));
