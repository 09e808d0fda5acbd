/**
 * Header values with parameters (RFC 9110 §5.6.6): a Content-Type or a Content-Disposition and its
 * `; name=value` list — tokens, quoted strings and RFC 5987 `name*` values. Header text is taken as
 * latin1 (the bytes as read, which is also how Node's fetch exposes header values); parameters meant as
 * UTF-8 are decoded where they are used. Shared by the form-data parser (part headers) and the URL
 * upload (the source's Content-Disposition).
 */

export const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const CONTENT_TYPE = new RegExp(`${TOKEN}/${TOKEN}`, 'y');
const DISPOSITION_TYPE = new RegExp(`(?:${TOKEN})?`, 'y');
const PARAM_NAME = new RegExp(`[ \\t]*;[ \\t]*(${TOKEN})=`, 'y');
const TOKEN_VALUE = new RegExp(TOKEN, 'y');
// A backslash escapes only `"` and `\`; before another character it stays (Windows paths in filenames).
const QUOTED_VALUE = /"((?:[\t\x20\x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t\x20-\x7e\x80-\xff])*)"/y;
// RFC 5987 ext-value: charset'language'percent-encoded bytes.
const EXTENDED_VALUE = /([!#$%&+\-^_`{}~0-9A-Za-z]*)'[^']*'((?:[!#$&+\-.^_`|~0-9A-Za-z]|%[0-9A-Fa-f]{2})*)/y;
const LIST_END = /[ \t]*$/y;

/** `pattern` (sticky) matched at `at` in `text`, or null. */
function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** Bytes of an RFC 5987 value in `charset`; null for a charset the platform does not know. */
function decodeExtended(charset: string, encoded: string): string | null {
  const bytes = Buffer.from(
    encoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  if (/^utf-?8$/i.test(charset)) return bytes.toString('utf8');
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return null;
  }
}

/** A parameter value at `at`: an RFC 5987 ext-value for a `name*`, else a token or a quoted string. */
function readParamValue(text: string, at: number, extended: boolean): { value: string; length: number } | null {
  if (extended) {
    const match = matchAt(EXTENDED_VALUE, text, at);
    const value = match ? decodeExtended(match[1] ?? '', match[2] ?? '') : null;
    return match && value !== null ? { value, length: match[0].length } : null;
  }
  const quoted = matchAt(QUOTED_VALUE, text, at);
  if (quoted) return { value: (quoted[1] ?? '').replace(/\\([\\"])/g, '$1'), length: quoted[0].length };
  const token = matchAt(TOKEN_VALUE, text, at);
  return token ? { value: token[0], length: token[0].length } : null;
}

/**
 * The `; name=value` parameters of a header value from `at` on: names lower-cased, the first of a name
 * kept, `name*` values decoded, others raw. Null when malformed (the whole value is then ignored).
 */
function parseParams(text: string, at: number): Map<string, string> | null {
  const params = new Map<string, string>();
  while (!matchAt(LIST_END, text, at)) {
    const param = matchAt(PARAM_NAME, text, at);
    if (!param?.[1]) return null;
    const name = param[1].toLowerCase();
    const value = readParamValue(text, at + param[0].length, name.endsWith('*'));
    if (!value) return null;
    at += param[0].length + value.length;
    if (!params.has(name)) params.set(name, value.value);
  }
  return params;
}

/** `type/subtype` (lower-cased) and parameters of a Content-Type value; null when malformed. */
export function parseContentType(text: string): { type: string; params: Map<string, string> } | null {
  const type = matchAt(CONTENT_TYPE, text, 0);
  const params = type ? parseParams(text, type[0].length) : null;
  return type && params ? { type: type[0].toLowerCase(), params } : null;
}

/**
 * The type (lower-cased, `form-data`, `attachment`, `inline`…) and the name and filename of a
 * Content-Disposition; null when malformed. An empty filename counts as none; `filename*` wins over
 * `filename` (RFC 6266).
 */
export function parseContentDisposition(
  text: string,
): { type: string; name: string | undefined; filename: string | undefined } | null {
  const type = matchAt(DISPOSITION_TYPE, text, 0)?.[0] ?? '';
  const params = parseParams(text, type.length);
  if (!params) return null;
  return {
    type: type.toLowerCase(),
    name: headerText(params.get('name')),
    filename: params.get('filename*') || headerText(params.get('filename')) || undefined,
  };
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A text header as the client meant it (`X-Password: 密码`). Header values arrive as latin1, one
 * character per byte; clients send UTF-8, so bytes that form valid UTF-8 are read as UTF-8, and any
 * others (a real latin1 `café`) are kept as they came.
 */
export function headerText(value: string): string;
export function headerText(value: string | undefined): string | undefined;
export function headerText(value: string | undefined): string | undefined {
  // Only text with bytes above ASCII and nothing past latin1 (a value set in code, not read off the wire).
  if (value === undefined || !/[\x80-\xff]/.test(value) || /[\u0100-\uffff]/.test(value)) return value;
  try {
    return STRICT_UTF8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}
