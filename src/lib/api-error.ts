// The one shape of every JSON error the server sends (decision 040):
//
//   { "error": { "code": "rate_limited", "message": "Too many requests. Please wait a minute." } }
//
// `code` is stable snake_case, for programs to test; `message` is in the request's language, for
// people to read; a form's rejected fields come as `fields` (field → message), and an error may carry
// a few more members of its own (a saved report's `keptDays`). Read by the browser and the server.

export interface ApiError {
  /** Stable, snake_case: what a program tests. */
  code: string;
  /** In the request's language: what a person reads. */
  message: string;
  /** A form's rejected fields, each with its message. */
  fields?: Record<string, string>;
}

/** The error's code from the camelCase key it was answered from: `notHtml` → `not_html`. */
export function errorCode(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** The error of a parsed JSON answer, or undefined when the answer is not one. */
export function readApiError(body: unknown): ApiError | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { code, message, fields } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return { code, message, ...(isStringRecord(fields) ? { fields } : {}) };
}
