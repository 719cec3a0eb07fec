/**
 * The API's error vocabulary. Data and domain code throw these; the HTTP middleware
 * (functions/lib/http.ts) maps each kind to its status once. Every error body is
 * `{ "error": "<plain sentence>", "code": "<stable machine code>", ...extras }`.
 *
 * `code` is part of the API contract (shared/api/errors.schema.ts lists them): clients branch on it,
 * never on the sentence.
 */
export type ErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payment_required'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_configured'
  | 'unavailable'
  | 'upstream';

/** HTTP status of each kind: the only place this mapping is written. */
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream: 502,
  not_configured: 503,
  unavailable: 503,
};

export interface DomainErrorOptions {
  /** Extra body fields (e.g. `{ currentStatus }`, `{ amount }`); never `error` or `code`. */
  extras?: Record<string, unknown>;
  /** Field-by-field messages of a validation error: `details: { field: [sentences] }`. */
  details?: Record<string, string[]>;
  /** Seconds the caller should wait (429 and 503 send Retry-After). */
  retryAfterSeconds?: number;
}

/** An error whose sentence, code and extras are safe to show the caller. */
export class DomainError extends Error {
  readonly extras?: Record<string, unknown>;
  readonly details?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.extras = options.extras;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return STATUS_OF_KIND[this.kind];
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details?: Record<string, string[]>, code = 'invalid_request') {
    super('validation', code, message, { details });
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication required', code = 'authentication_required') {
    super('unauthorized', code, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, code = 'forbidden') {
    super('forbidden', code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, code = 'not_found') {
    super('not_found', code, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code: string, extras?: Record<string, unknown>) {
    super('conflict', code, message, { extras });
  }
}

export class PaymentRequiredError extends DomainError {
  constructor(message: string, code = 'payment_declined') {
    super('payment_required', code, message);
  }
}

export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number, code = 'rate_limited') {
    super('rate_limited', code, message, { retryAfterSeconds, extras: { retryAfterSeconds } });
  }
}

export class NotConfiguredError extends DomainError {
  constructor(message: string, code = 'not_configured') {
    super('not_configured', code, message);
  }
}

export class UnavailableError extends DomainError {
  constructor(message: string, retryAfterSeconds = 5, code = 'service_unavailable') {
    super('unavailable', code, message, { retryAfterSeconds });
  }
}

export class UpstreamError extends DomainError {
  constructor(message: string, code = 'provider_error') {
    super('upstream', code, message);
  }
}

/** The one not-found of an application, wherever it is looked up. */
export const applicationNotFound = () => new NotFoundError('Application not found', 'application_not_found');

/** True when `err` is the domain error with this code (for the few callers that recover from one). */
export function hasErrorCode(err: unknown, code: string): err is DomainError {
  return err instanceof DomainError && err.code === code;
}
