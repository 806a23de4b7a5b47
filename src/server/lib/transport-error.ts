import type { TransportErrorCode, TransportErrorData } from '../../shared';
import type { DomainErrorOptions } from './domain-errors';

/** A code without data takes none (or `{}` before options); a code with data requires it, typed. */
type TransportErrorArgs<C extends TransportErrorCode> =
  TransportErrorData<C> extends undefined
    ? [data?: Record<string, never>, options?: DomainErrorOptions]
    : [data: TransportErrorData<C>, options?: DomainErrorOptions];

/**
 * A refusal of the request itself, not of what it asks: no such address, a method the address
 * does not take, the rate limiter, a bad Idempotency-Key, the database away
 * (src/shared/errors/transport-errors.ts lists the codes). Code at the HTTP edge throws one; its
 * status and words are the errors plugin's alone (plugins/transport-errors.ts), which is why this
 * carries neither (decision 043). Domain code throws DomainErrors.
 */
export class TransportError<C extends TransportErrorCode = TransportErrorCode> extends Error {
  readonly code: C;
  readonly data: Record<string, unknown>;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: C, ...[data, options = {}]: TransportErrorArgs<C>) {
    super(code);
    this.name = 'TransportError';
    this.code = code;
    this.data = { ...data };
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  is<K extends TransportErrorCode>(code: K): this is TransportError<K> {
    return (this.code as TransportErrorCode) === code;
  }
}
