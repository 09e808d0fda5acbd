import { describe, expect, it } from 'vitest';
import { createMac } from '../lib/crypto/mac.js';
import { TEST_SECRET } from '../test/harness.js';
import { signLocalUrl, verifyLocalRequest, type LocalGrant } from './local-signing.js';

const mac = createMac(TEST_SECRET);
const grant: LocalGrant = {
  op: 'part',
  configId: 'local',
  key: 'a b/ü.bin',
  expiresAt: 1000,
  uploadId: 'u1',
  partNumber: 3,
};

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('local storage URL signatures', () => {
  it('verify for exactly what was signed, until the expiry second', () => {
    const url = signLocalUrl(mac, grant);
    expect(url.startsWith('/api/local-storage/local/part?')).toBe(true);
    const query = queryOf(url);
    expect(verifyLocalRequest(mac, { op: 'part', configId: 'local', query }, 1000)).toEqual({ ok: true, grant });
    expect(verifyLocalRequest(mac, { op: 'part', configId: 'local', query }, 1001)).toEqual({
      ok: false,
      reason: 'EXPIRED',
    });
  });

  it('fail for another operation, config, key, part, upload or secret', () => {
    const query = queryOf(signLocalUrl(mac, grant));
    const invalid = { ok: false, reason: 'INVALID' };
    expect(verifyLocalRequest(mac, { op: 'put', configId: 'local', query }, 0)).toEqual(invalid);
    expect(verifyLocalRequest(mac, { op: 'part', configId: 'other', query }, 0)).toEqual(invalid);
    for (const change of [
      { key: 'other' },
      { partNumber: '4' },
      { uploadId: 'u2' },
      { exp: '2000' },
      { ct: 'text/html' },
      { partNumber: '3.0' },
    ]) {
      expect(
        verifyLocalRequest(mac, { op: 'part', configId: 'local', query: { ...query, ...change } }, 0),
        JSON.stringify(change),
      ).toEqual(invalid);
    }
    expect(verifyLocalRequest(createMac(`${TEST_SECRET}-other`), { op: 'part', configId: 'local', query }, 0)).toEqual(
      invalid,
    );
    expect(verifyLocalRequest(mac, { op: 'part', configId: 'local', query: { ...query, sig: undefined } }, 0)).toEqual(
      invalid,
    );
  });

  it("bind a GET's scope: it cannot be swapped, added or dropped", () => {
    const get: LocalGrant = { op: 'get', configId: 'local', key: 'a.txt', expiresAt: 1000, scope: 'file:f1:0' };
    const query = queryOf(signLocalUrl(mac, get));
    expect(verifyLocalRequest(mac, { op: 'get', configId: 'local', query }, 0)).toEqual({ ok: true, grant: get });
    const invalid = { ok: false, reason: 'INVALID' };
    expect(
      verifyLocalRequest(mac, { op: 'get', configId: 'local', query: { ...query, scope: 'file:f1:1' } }, 0),
    ).toEqual(invalid);
    expect(verifyLocalRequest(mac, { op: 'get', configId: 'local', query: { ...query, scope: undefined } }, 0)).toEqual(
      invalid,
    );
    const unscoped = queryOf(signLocalUrl(mac, { ...get, scope: undefined }));
    expect(
      verifyLocalRequest(mac, { op: 'get', configId: 'local', query: { ...unscoped, scope: 'file:f2:0' } }, 0),
    ).toEqual(invalid);
  });

  it('keeps purposes apart: a signature for one purpose does not verify for another', () => {
    const sig = mac.sign('a', 'message');
    expect(mac.verify('a', 'message', sig)).toBe(true);
    expect(mac.verify('b', 'message', sig)).toBe(false);
    expect(mac.verify('a', 'message', sig.slice(0, -2))).toBe(false);
    expect(mac.verify('a', 'message', '%%%')).toBe(false);
    // One spelling only: stray characters the decoder would skip, or padding, do not verify.
    for (const variant of [`${sig}=`, `${sig.slice(0, 10)}.${sig.slice(10)}`, ` ${sig}`, `${sig}\n`])
      expect(mac.verify('a', 'message', variant), variant).toBe(false);
  });
});
