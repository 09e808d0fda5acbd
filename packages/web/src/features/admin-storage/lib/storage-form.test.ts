import { describe, expect, it } from 'vitest';
import { buildCreateBody, buildUpdateBody, capacityFromBytes, capacityToBytes, emptyStorageForm } from './storage-form';

describe('storage capacity', () => {
  it('is unlimited when empty and refuses 0, negatives and text', () => {
    expect(capacityToBytes({ capacity: '', capacityUnit: 'GB' })).toBeNull();
    expect(capacityToBytes({ capacity: '1.5', capacityUnit: 'GB' })).toBe(1.5 * 1024 ** 3);
    for (const capacity of ['0', '0.0', '-1', 'abc', '0.0000000001'])
      expect(capacityToBytes({ capacity, capacityUnit: 'MB' }), capacity).toBeNaN();
  });

  it('a capacity of 0 is a field error, not an upload-refusing quota', () => {
    const result = buildCreateBody({ ...emptyStorageForm(), name: 'Disk', storageType: 'LOCAL', capacity: '0' });
    expect(result).toEqual({ ok: false, errors: { total_storage_bytes: 'capacityInvalid' } });
  });
});

describe('editing a config', () => {
  it('a capacity left as shown is not saved back rounded (10^12 bytes, or a few KB shown as 0 MB)', () => {
    for (const stored of [10 ** 12, 4000]) {
      const form = { ...emptyStorageForm(), name: 'Disk', storageType: 'LOCAL' as const, ...capacityFromBytes(stored) };
      const result = buildUpdateBody(form, stored);
      expect(result.ok, String(stored)).toBe(true);
      if (result.ok) expect(result.body).not.toHaveProperty('total_storage_bytes');
    }
    const changed = buildUpdateBody(
      { ...emptyStorageForm(), name: 'Disk', storageType: 'LOCAL', capacity: '2', capacityUnit: 'GB' },
      10 ** 12,
    );
    expect(changed).toMatchObject({ ok: true, body: { total_storage_bytes: 2 * 1024 ** 3 } });
  });

  it('a provider other than AWS needs its endpoint when edited too', () => {
    const form = {
      ...emptyStorageForm(),
      name: 'R2',
      storageType: 'S3' as const,
      provider: 'Cloudflare R2' as const,
      bucketName: 'media',
      endpointUrl: '',
    };
    expect(buildUpdateBody(form, null)).toMatchObject({ ok: false, errors: { endpoint_url: 'endpointRequired' } });
    expect(buildUpdateBody({ ...form, provider: 'AWS S3' }, null)).toMatchObject({ ok: true });
  });
});
