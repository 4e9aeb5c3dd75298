import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_STATUS, ErrorCode, ErrorResponseSchema } from '@slotwise/contracts';
import { DomainException } from './domain.exception.js';
import { toErrorResponse } from './error-response.js';

describe('toErrorResponse', () => {
  it('maps every domain code to a status and keeps the message', () => {
    for (const code of Object.values(ErrorCode)) {
      const { body } = toErrorResponse(new DomainException(code, 'Something specific'));
      expect(ErrorResponseSchema.parse(body)).toMatchObject({
        statusCode: ERROR_CODE_STATUS[code],
        code,
      });
    }
    expect(toErrorResponse(new DomainException(ErrorCode.SLOT_TAKEN, 'x')).body.statusCode).toBe(
      409,
    );
  });

  it('normalises Nest HTTP exceptions', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/x')).body).toEqual({
      statusCode: 404,
      message: 'Cannot GET /api/x',
      error: 'Not Found',
      code: 'NOT_FOUND',
    });
    expect(toErrorResponse(new BadRequestException(['a', 'b'])).body.message).toBe('a; b');
  });

  it('recognises Fastify body errors wrapped by Nest', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    const mapped = toErrorResponse(new HttpException('x', 413, { cause: tooLarge }));
    expect(mapped.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    const syntax = new SyntaxError('Unexpected end of JSON input');
    expect(
      toErrorResponse(new HttpException(syntax.message, 400, { cause: syntax })).body.message,
    ).toBe('Request body is not valid JSON');
  });

  it('hides unexpected errors behind a logged 500', () => {
    const mapped = toErrorResponse(new TypeError('cannot read x of undefined'));
    expect(mapped.unexpected).toBe(true);
    expect(mapped.body).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      error: 'Internal Server Error',
      code: 'INTERNAL',
    });
    expect(toErrorResponse(new HttpException('db exploded', 503)).body.statusCode).toBe(500);
  });

  it('treats Postgres data exceptions as bad input', () => {
    const pgError = Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    expect(toErrorResponse({ driverError: pgError }).body.statusCode).toBe(400);
  });
});
