import { describe, expect, it } from 'vitest';
import { buildCreateBody, capacityToBytes, emptyStorageForm } from './storage-form';

describe('storage capacity', () => {
  it('is unlimited when empty and refuses 0, negatives and text', () => {
    expect(capacityToBytes({ capacity: '', capacityUnit: 'GB' })).toBeNull();
    expect(capacityToBytes({ capacity: '1.5', capacityUnit: 'GB' })).toBe(1.5 * 1024 ** 3);
    for (const capacity of ['0', '0.0', '-1', 'abc', '0.0000000001']) expect(capacityToBytes({ capacity, capacityUnit: 'MB' }), capacity).toBeNaN();
  });

  it('a capacity of 0 is a field error, not an upload-refusing quota', () => {
    const result = buildCreateBody({ ...emptyStorageForm(), name: 'Disk', storageType: 'LOCAL', capacity: '0' });
    expect(result).toEqual({ ok: false, errors: { total_storage_bytes: 'capacityInvalid' } });
  });
});
