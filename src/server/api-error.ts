import type { Request, Response } from 'express';
import { errorCode, type ApiError } from '../lib/api-error.ts';
import { isLang, type Lang } from '../site.ts';
import { detectLanguage } from './language.ts';
import { apiMessage, type ApiErrorKey } from './messages.ts';

// Sending the JSON API's errors, all in the one shape of src/lib/api-error.ts (decision 040).

/**
 * The language of an API answer: `?lang=` when it names one of the site's, else the request's own
 * (the path, the `lang` cookie, then Accept-Language).
 */
export function requestLanguage(req: Request, res: Response): Lang {
  return isLang(req.query.lang) ? req.query.lang : detectLanguage(req, res);
}

/** Sends `{ "error": { code, message, … } }` with `status`. */
export function sendApiError<E extends ApiError>(res: Response, status: number, error: E): void {
  res.status(status).json({ error });
}

/** The API's own error for a status, when nothing more specific is known. */
function keyOfStatus(status: number): ApiErrorKey {
  switch (status) {
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 413:
      return 'tooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 429:
      return 'rateLimited';
    default:
      // What reaches here as a 4xx is a body the parsers refused (bad JSON, a wrong charset).
      return status < 500 ? 'invalidBody' : 'serverError';
  }
}

/**
 * Sends one of the API's own errors in the request's language: by its key, or by the status alone
 * (404, 405, 413, 415, 429, a body that could not be read, a failure of ours).
 */
export function sendApiStatus(req: Request, res: Response, status: number, key = keyOfStatus(status)): void {
  sendApiError(res, status, { code: errorCode(key), message: apiMessage(requestLanguage(req, res), key) });
}
