import { describe, expect, it } from 'vitest';
import { errorCode, readApiError } from '../../src/lib/api-error.ts';

// The one shape of the JSON API's errors (decision 040), as programs and the browser read it.

describe('API errors', () => {
  it('names each error in stable snake_case from the key it is answered from', () => {
    expect(errorCode('notHtml')).toBe('not_html');
    expect(errorCode('rateLimited')).toBe('rate_limited');
    expect(errorCode('unsupportedMediaType')).toBe('unsupported_media_type');
    expect(errorCode('refused')).toBe('refused');
  });

  it('reads an error with its code, message and fields, and nothing else as one', () => {
    expect(readApiError({ error: { code: 'not_found', message: 'No such endpoint.' } })).toEqual({
      code: 'not_found',
      message: 'No such endpoint.',
    });
    const fields = { email: 'Enter a valid email address.' };
    expect(readApiError({ error: { code: 'summary', message: 'Check', fields } })?.fields).toEqual(fields);
    expect(readApiError({ error: { code: 'x', message: 'y', fields: { email: 3 } } })).toEqual({
      code: 'x',
      message: 'y',
    });
    for (const body of [
      undefined,
      null,
      'error',
      [],
      { error: 'text' },
      { error: { code: 'x' } },
      { success: true },
    ])
      expect(readApiError(body)).toBeUndefined();
  });
});
