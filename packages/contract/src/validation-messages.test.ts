import { describe, expect, it } from 'vitest';
import { FileShareOptions } from './schemas/files.js';
import { extensionListValue } from './settings-values.js';
import { Slug } from './slugs.js';
import { validationMessageZh, VALIDATION_MESSAGES_ZH } from './validation-messages.js';

// Every literal message of the contract is checked against the table by the server's
// lib/contract-messages.test.ts, which can read the contract's sources (this package has no Node types).
describe('validation messages', () => {
  it('the messages built from constants (paths, link length) are in the table too', () => {
    const messages = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((i) => i.message) ?? [];
    const found = [
      ...messages(FileShareOptions.safeParse({ path: 'a/../../b' })),
      ...messages(FileShareOptions.safeParse({ path: 'a\\b' })),
      ...messages(Slug.safeParse('x'.repeat(200))),
    ];
    expect(found).toHaveLength(3);
    for (const message of found) expect(VALIDATION_MESSAGES_ZH[message], message).toBeTruthy();
  });

  it('a message naming the value at fault keeps the value in Chinese', () => {
    const english = extensionListValue().safeParse('mp4, p.df').error?.issues[0]?.message ?? '';
    expect(english).toBe('Invalid extension "p.df": letters and digits only, no dots');
    expect(validationMessageZh(english)).toBe('扩展名“p.df”无效：只能包含字母和数字，不含点');
    expect(validationMessageZh('Something zod said')).toBe('Something zod said');
  });
});
