import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { loginErrorReason } from './login-error';

const err = (status: number, code: string) => new ApiError({ status, code, message: 'x' });

describe('loginErrorReason (spec §8 "Login")', () => {
  it('maps password-login failures', () => {
    expect(loginErrorReason(err(401, 'INVALID_CREDENTIALS'), 'password')).toEqual({
      kind: 'login',
      key: 'invalidCredentials',
    });
    expect(loginErrorReason(err(429, 'RATE_LIMITED'), 'password')).toEqual({ kind: 'login', key: 'rateLimited' });
    expect(loginErrorReason(err(500, 'INTERNAL'), 'password')).toEqual({ kind: 'login', key: 'serverError' });
    expect(loginErrorReason(err(200, 'BAD_RESPONSE'), 'password')).toEqual({ kind: 'login', key: 'badResponse' });
    expect(loginErrorReason(err(200, 'INVALID_LOGIN_TOKEN'), 'password')).toEqual({
      kind: 'login',
      key: 'invalidToken',
    });
    expect(loginErrorReason(err(400, 'VALIDATION_FAILED'), 'password')).toEqual({ kind: 'login', key: 'failed' });
    expect(loginErrorReason(new Error('?'), 'password')).toEqual({ kind: 'login', key: 'failed' });
  });

  it('maps API-key login failures', () => {
    expect(loginErrorReason(err(401, 'API_KEY_INVALID'), 'apikey')).toEqual({ kind: 'login', key: 'keyInvalid' });
    expect(loginErrorReason(err(403, 'INSUFFICIENT_PERMISSIONS'), 'apikey')).toEqual({
      kind: 'login',
      key: 'insufficientPermissions',
    });
    expect(loginErrorReason(err(200, 'BAD_RESPONSE'), 'apikey')).toEqual({ kind: 'login', key: 'noPermissionInfo' });
    expect(loginErrorReason(err(502, 'HTTP_ERROR'), 'apikey')).toEqual({ kind: 'login', key: 'serverError' });
    expect(loginErrorReason(err(400, 'BAD_REQUEST'), 'apikey')).toEqual({ kind: 'login', key: 'keyValidationFailed' });
    expect(loginErrorReason(err(429, 'RATE_LIMITED'), 'apikey')).toEqual({ kind: 'login', key: 'rateLimited' });
  });

  it('leaves connection failures to the generic network messages', () => {
    expect(loginErrorReason(err(0, 'TIMEOUT'), 'password')).toEqual({ kind: 'network' });
  });
});
