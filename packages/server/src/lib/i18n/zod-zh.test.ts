import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zhErrors } from './zod-zh.js';

function zhMessage(schema: z.ZodType, value: unknown): string | undefined {
  return schema.safeParse(value, { error: zhErrors }).error?.issues[0]?.message;
}

describe('zhErrors', () => {
  it.each([
    ['a missing field', z.object({ name: z.string() }), {}, '必填'],
    ['a mistyped field', z.number(), 'x', '类型无效：应为数字，收到的是文本'],
    ['a fraction for an integer', z.number().int(), 1.5, '类型无效：应为整数，收到的是数字'],
    ['text too long', z.string().max(5), 'abcdefg', '不能超过 5 个字符'],
    ['empty text', z.string().min(1), '', '不能为空'],
    ['text too short', z.string().min(8), 'abc', '至少 8 个字符'],
    ['a number too large', z.number().max(10), 11, '不能大于 10'],
    ['a number not below a bound', z.number().lt(10), 10, '须小于 10'],
    ['a number too small', z.number().int().min(1), 0, '不能小于 1'],
    ['too few items', z.array(z.string()).min(1), [], '至少 1 项'],
    ['too many items', z.array(z.string()).max(2), ['a', 'b', 'c'], '最多 2 项'],
    ['not a number at all (a coerced query)', z.coerce.number(), 'abc', '类型无效：应为数字，收到的是无效的数字'],
    ['text of the wrong exact length', z.string().length(5), 'abc', '须为 5 个字符'],
  ])('words %s in plain Chinese, without English type names', (_label, schema, value, expected) => {
    expect(zhMessage(schema, value)).toBe(expected);
  });

  it("keeps zod's Chinese for other issues and a schema's own message", () => {
    expect(zhMessage(z.enum(['a', 'b']), 'c')).toBe('无效选项：期望以下之一 "a"|"b"');
    expect(zhMessage(z.string().max(1, 'Too long'), 'ab')).toBe('Too long');
  });
});
