import { DOMAIN_ERRORS, type DomainErrorCode, type DomainErrorData, type DomainErrorKind, type ErrorOrderState } from '../../shared';

/**
 * What went wrong, in the domain's words. Repositories, services and routes throw a DomainError
 * with a stable code from the shared catalogue (src/shared/errors/domain-errors.ts: its kind, its
 * data and its wording; callers branch on the code) and the data its wording needs, which also
 * reaches the caller. The errors plugin (plugins/errors.ts) is the one place that turns a kind into
 * an HTTP status and a body, so the same code serves routes, background jobs and command-line
 * tools. Errors about the request itself (its JSON, its method, its rate) are TransportErrors
 * (lib/transport-error.ts), not domain errors (decision 043).
 */
export type { DomainErrorCode, DomainErrorData, DomainErrorKind };
/** Where an order stands, as an error about it tells the caller. */
export type OrderState = ErrorOrderState;

export interface DomainErrorOptions {
  /** The request field the error is about, when there is one (`lines.0.quantity`, `Idempotency-Key`). */
  field?: string;
  /** When the caller may try again: worth saying for `too-frequent` and `unavailable`. */
  retryAfterSeconds?: number;
}

/** A code without data takes none (or `{}` before options); a code with data requires it, typed. */
type DomainErrorArgs<C extends DomainErrorCode> =
  DomainErrorData<C> extends undefined
    ? [data?: Record<string, never>, options?: DomainErrorOptions]
    : [data: DomainErrorData<C>, options?: DomainErrorOptions];

/** `throw new DomainError('ORDER_NOT_PAYABLE', { state: 'expired' })` */
export class DomainError<C extends DomainErrorCode = DomainErrorCode> extends Error {
  readonly code: C;
  readonly kind: DomainErrorKind;
  /** What the caller may want besides the sentence; members of the error body. */
  readonly data: Record<string, unknown>;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: C, ...[data, options = {}]: DomainErrorArgs<C>) {
    const spec = DOMAIN_ERRORS[code] as { kind: DomainErrorKind; detail: (data: unknown) => string };
    super(spec.detail(data));
    this.name = 'DomainError';
    this.code = code;
    this.kind = spec.kind;
    this.data = { ...data };
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The sentence for people (RFC 9457's `detail`). */
  get detail(): string {
    return this.message;
  }

  is<K extends DomainErrorCode>(code: K): this is DomainError<K> {
    return (this.code as DomainErrorCode) === code;
  }
}
