// The closed set of error kinds. Business code throws an AppError with a stable snake_case code and
// never chooses an HTTP status: the error middleware maps the kind to one.
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  validation: 422,
  upgrade_required: 426,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  /** An upstream service the request needed answered badly or not at all. */
  bad_gateway: 502,
  unavailable: 503,
  insufficient_storage: 507,
} as const;

export type ErrorKind = keyof typeof ERROR_STATUS;

export interface ValidationIssue {
  /** JSON pointer-ish location such as `body/name` or `query/limit`. */
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Extra response headers such as Retry-After or Allow. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const badRequest = (code: string, message: string, details?: unknown) => new AppError('bad_request', code, message, details);
export const unauthenticated = (code: string, message: string) => new AppError('unauthenticated', code, message);
export const forbidden = (code: string, message: string, details?: unknown) => new AppError('forbidden', code, message, details);
export const notFound = (code: string, message: string) => new AppError('not_found', code, message);
export const conflict = (code: string, message: string, details?: unknown) => new AppError('conflict', code, message, details);
export const validationFailed = (message: string, issues: ValidationIssue[], code = 'validation_failed') =>
  new AppError('validation', code, message, { fields: issues });
export const invalidInput = (code: string, message: string, field?: string) =>
  new AppError('validation', code, message, field ? { fields: [{ field, message }] } : undefined);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('rate_limited', 'rate_limited', 'Too many requests; try again later.', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
/** A 429 with its own code (e.g. an exhausted sign-in challenge), without Retry-After. */
export const rateLimitedWithCode = (code: string, message: string) => new AppError('rate_limited', code, message);
export const badGateway = (code: string, message: string) => new AppError('bad_gateway', code, message);
export const unavailable = (code: string, message: string, details?: unknown) => new AppError('unavailable', code, message, details);
/** A feature this server has but is not set up to offer (its configuration is missing). */
export const notImplemented = (code: string, message: string) => new AppError('not_implemented', code, message);
