/** The server's error envelope, `{"error":{"code","message"}}`, as openapi-fetch hands it over. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function isApiError(value: unknown): value is ApiErrorBody {
  const error = (value as ApiErrorBody | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

export const errorCode = (value: unknown): string | undefined => (isApiError(value) ? value.error.code : undefined);

/** The server's own sentence for what went wrong, or a generic one for a network failure. */
export function errorMessage(value: unknown, fallback: string): string {
  if (isApiError(value)) return value.error.message;
  if (value instanceof Error && value.message) return value.message;
  return fallback;
}

/** Unwraps `{ data, error }` from openapi-fetch: the data, or the error body thrown. */
export function dataOf<T>(result: { data?: { data: T }; error?: unknown }): T {
  if (result.error !== undefined || !result.data) throw result.error ?? new Error('empty answer');
  return result.data.data;
}

/** The fields a 422 names (`details.fields`, `body/<field>/…`), as a message per top-level body field. */
export function bodyFieldErrors(value: unknown): Record<string, string> {
  const fields = ((isApiError(value) ? value.error.details : undefined) as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
  const errors: Record<string, string> = {};
  for (const { field, message } of fields) {
    const [part, name] = field.split('/');
    if (part === 'body' && name) errors[name] ??= message;
  }
  return errors;
}
