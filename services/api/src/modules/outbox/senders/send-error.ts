/**
 * How a provider call failed, which decides what the worker does next:
 * permanent → 'failed' with the reason (an invalid number, a rejected address);
 * transient → retried with backoff (the request was refused or never reached the provider);
 * unknown → the provider may have accepted it (a timeout after the request went out): not retried
 * blindly; the lease recovery asks the provider first (SMS) or resends with the same Message-ID.
 */
export type SendFailureKind = 'permanent' | 'transient' | 'unknown';

export class SendError extends Error {
  constructor(
    readonly kind: SendFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

/** Network errors raised before a request could have reached the provider. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

export function networkFailureKind(error: unknown): SendFailureKind {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && NOT_SENT_CODES.has(code) ? 'transient' : 'unknown';
}
