import { describe, expect, it } from 'vitest';
import { BATCH_COPY_ITEMS_MAX, BatchCopyBody, BatchCopyCommitBody } from './fs-copy.js';

describe('batch-copy bodies', () => {
  const item = { sourcePath: '/docs/a.txt', targetPath: '/other/a.txt' };

  it('takes the original body; skipExisting defaults to true', () => {
    expect(BatchCopyBody.parse({ items: [item] })).toEqual({ items: [item], skipExisting: true });
    expect(BatchCopyBody.parse({ items: [item], skipExisting: false }).skipExisting).toBe(false);
  });

  it('refuses no items, too many, empty or overlong paths', () => {
    expect(BatchCopyBody.safeParse({ items: [] }).success).toBe(false);
    expect(BatchCopyBody.safeParse({ items: Array(BATCH_COPY_ITEMS_MAX + 1).fill(item) }).success).toBe(false);
    expect(BatchCopyBody.safeParse({ items: [{ ...item, sourcePath: '' }] }).success).toBe(false);
    expect(BatchCopyBody.safeParse({ items: [{ ...item, targetPath: '/' + 'a'.repeat(2048) }] }).success).toBe(false);
    expect(BatchCopyBody.safeParse({ items: [{ sourcePath: '/a' }] }).success).toBe(false);
  });

  it('commit: the original fields, the client claims optional', () => {
    const body = { targetMountId: 'm1', files: [{ targetPath: '/docs/a.txt', s3Path: 'a.txt', fileSize: 3 }] };
    expect(BatchCopyCommitBody.parse(body)).toEqual(body);
    expect(BatchCopyCommitBody.safeParse({ targetMountId: 'm1', files: [] }).success).toBe(false);
    expect(BatchCopyCommitBody.safeParse({ ...body, files: [{ targetPath: '/a', fileSize: -1 }] }).success).toBe(false);
  });
});
