import { PasteLockedDto, PasteViewDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PasteReadSchema } from './paste-read';

// The contract's schema of the same answer: the hand check must accept and refuse what it does, and keep what it keeps.
const Contract = z.discriminatedUnion('requiresPassword', [PasteViewDto, PasteLockedDto]);

const meta = {
  slug: 'abc',
  title: null,
  remark: 'r',
  expiresAt: null,
  maxViews: 0,
  views: 3,
  createdAt: '2026-11-27T10:00:00.000Z',
  created_by: 'admin-1',
};
const view = {
  ...meta,
  content: '# hi',
  updatedAt: '2026-11-27T10:00:00.000Z',
  hasPassword: false,
  requiresPassword: false,
  isLastView: false,
};
const locked = { ...meta, hasPassword: true, requiresPassword: true };

describe('PasteReadSchema (a paste read checked without zod)', () => {
  it('accepts and refuses what the contract schema does', () => {
    const samples: unknown[] = [
      view,
      locked,
      { ...view, extra: 'dropped' },
      { ...view, title: 'a title', expiresAt: '2026-12-01T00:00:00.000Z' },
      { ...view, hasPassword: true },
      { ...view, content: 42 },
      { ...view, requiresPassword: true },
      { ...locked, hasPassword: false },
      { ...locked, content: 'secret?' },
      { ...view, views: '3' },
      { ...view, title: undefined },
      { ...meta },
      null,
      [],
      'text',
    ];
    for (const sample of samples) {
      const ours = PasteReadSchema.safeParse(sample);
      const theirs = Contract.safeParse(sample);
      expect(ours.success, JSON.stringify(sample)).toBe(theirs.success);
      if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
    }
  });
});
