import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './unreachable.js';

const sys = (code: string, syscall: string) => Object.assign(new Error(code), { code, syscall });

describe('isDatabaseUnreachable', () => {
  it('knows a database that is down, restarting or full of connections', () => {
    expect(isDatabaseUnreachable(sys('ECONNREFUSED', 'connect'))).toBe(true);
    expect(isDatabaseUnreachable(sys('ECONNRESET', 'read'))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('lost'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves query faults and other errors to the 500', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(sys('ENOENT', 'open'))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  });
});
