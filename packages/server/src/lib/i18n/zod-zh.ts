import { z } from 'zod';

/** zod's own Chinese messages: the fallback for issues worded here. */
const ZOD_ZH = z.locales.zhCN().localeError;

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值（true 或 false）',
  array: '列表',
  object: '对象',
  date: '日期',
  null: '空值',
  undefined: '空值',
  nan: '无效的数字',
};

function typeName(type: string): string {
  return TYPE_NAMES[type] ?? type;
}

function typeOfInput(input: unknown): string {
  if (input === null) return 'null';
  if (Number.isNaN(input)) return 'nan';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

/** A size limit in words: characters of text, items of a list, the value of a number. */
function limit(
  origin: string,
  bound: number | bigint,
  inclusive: boolean,
  upper: boolean,
  exact: boolean,
): string | undefined {
  const n = String(bound);
  if (exact && origin === 'string') return `须为 ${n} 个字符`;
  if (exact && origin === 'array') return `须为 ${n} 项`;
  switch (origin) {
    case 'string':
      if (!upper && inclusive && n === '1') return '不能为空';
      return upper
        ? inclusive
          ? `不能超过 ${n} 个字符`
          : `须少于 ${n} 个字符`
        : inclusive
          ? `至少 ${n} 个字符`
          : `须多于 ${n} 个字符`;
    case 'array':
      return upper ? (inclusive ? `最多 ${n} 项` : `须少于 ${n} 项`) : inclusive ? `至少 ${n} 项` : `须多于 ${n} 项`;
    case 'number':
    case 'int':
      return upper ? (inclusive ? `不能大于 ${n}` : `须小于 ${n}`) : inclusive ? `不能小于 ${n}` : `须大于 ${n}`;
    default:
      return undefined;
  }
}

/**
 * Chinese validation messages for the issues a user meets most (a missing or mistyped field, a value
 * out of bounds), in plain words where zod's own keep English type names ("期望 string <=5 字符");
 * every other issue keeps zod's Chinese.
 */
export const zhErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '必填';
      return `类型无效：应为${typeName(issue.expected)}，收到的是${typeName(typeOfInput(issue.input))}`;
    case 'too_big':
      return limit(issue.origin, issue.maximum, issue.inclusive ?? true, true, issue.exact === true) ?? ZOD_ZH(issue);
    case 'too_small':
      return limit(issue.origin, issue.minimum, issue.inclusive ?? true, false, issue.exact === true) ?? ZOD_ZH(issue);
    default:
      return ZOD_ZH(issue);
  }
};
