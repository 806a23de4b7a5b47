/**
 * What went wrong, in the domain's words. Repositories, services and routes throw these; the
 * errors plugin (plugins/errors.ts) is the one place that turns a kind into an HTTP status, so
 * the same code serves routes, background jobs and command-line tools. The message is worded for
 * people (mostly from API_ERRORS) and reaches the client as it is.
 */
export type DomainErrorKind =
  | 'invalid-input'
  | 'not-signed-in'
  | 'payment-incomplete'
  | 'not-allowed'
  | 'not-found'
  | 'conflict'
  | 'unprocessable'
  | 'too-frequent';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** The request field the error is about, when there is one. */
  readonly field: string | undefined;

  constructor(message: string, options: { field?: string } = {}) {
    super(message);
    this.name = new.target.name;
    this.field = options.field;
  }
}

/** The input breaks a business rule that the request schema could not check alone. */
export class InvalidInputError extends DomainError {
  readonly kind = 'invalid-input';
}

/** Nobody is signed in, or the credential is no longer valid. */
export class NotSignedInError extends DomainError {
  readonly kind = 'not-signed-in';
}

/** The payment provider has not confirmed the money. */
export class PaymentIncompleteError extends DomainError {
  readonly kind = 'payment-incomplete';
}

/** The caller is known but may not do this. */
export class NotAllowedError extends DomainError {
  readonly kind = 'not-allowed';
}

/** The thing does not exist (or is not revealed to exist to this caller). */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

/** The thing exists but its state does not allow this now (already shipped, sold out, ...). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The request is well formed but contradicts an earlier one (an Idempotency-Key reused for another request). */
export class UnprocessableError extends DomainError {
  readonly kind = 'unprocessable';
}

/** The caller has done this too often lately (posted too many reviews, ...); it may try again later. */
export class TooFrequentError extends DomainError {
  readonly kind = 'too-frequent';
}
