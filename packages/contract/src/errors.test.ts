import { describe, expect, it } from 'vitest';
import { codeForHttpStatus, ERROR_STATUS } from './errors.js';

describe('codeForHttpStatus', () => {
  it('maps common statuses to a code whose own status matches', () => {
    for (const status of [400, 401, 403, 404, 408, 409, 410, 413, 415, 429, 503]) {
      const code = codeForHttpStatus(status);
      expect(code).toBeDefined();
      expect(ERROR_STATUS[code!]).toBe(status);
    }
  });

  it('leaves unknown statuses to the caller', () => {
    expect(codeForHttpStatus(418)).toBeUndefined();
    expect(codeForHttpStatus(500)).toBeUndefined();
  });
});
