import { ErrorCode, type ValidationIssue } from '@slotwise/contracts';

/**
 * Services throw these instead of HTTP exceptions: they carry a shared `ErrorCode`, and the one
 * global filter decides the status, so domain code never knows about HTTP.
 */
export class DomainException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'DomainException';
  }
}

export class ValidationFailedException extends DomainException {
  constructor(message: string, issues?: ValidationIssue[]) {
    super(ErrorCode.VALIDATION_FAILED, message, issues);
  }
}
