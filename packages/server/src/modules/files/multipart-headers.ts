/**
 * The header side of the multipart/form-data parser (`multipart.ts`): a part's header block, its
 * Content-Disposition (name, filename, RFC 5987 `filename*`) and a Content-Type with its parameters.
 * Header text arrives as latin1 (bytes as read); values meant as UTF-8 are decoded where they are used.
 */

/** Header lines a part may have (busboy had only its 16 KiB cap). */
const MAX_HEADER_LINES = 20;

const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const HEADER_LINE = new RegExp(`^(${TOKEN}):[ \\t]*([\\t\\x20-\\x7e\\x80-\\xff]*)$`);
const FOLDED_LINE = /^[ \t][\t\x20-\x7e\x80-\xff]*$/;
const CONTENT_TYPE = new RegExp(`${TOKEN}/${TOKEN}`, 'y');
const DISPOSITION_TYPE = new RegExp(`(?:${TOKEN})?`, 'y');
const PARAM_NAME = new RegExp(`[ \\t]*;[ \\t]*(${TOKEN})=`, 'y');
const TOKEN_VALUE = new RegExp(TOKEN, 'y');
// A backslash escapes only `"` and `\`; before another character it stays (Windows paths in filenames).
const QUOTED_VALUE = /"((?:[\t\x20\x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t\x20-\x7e\x80-\xff])*)"/y;
// RFC 5987 ext-value: charset'language'percent-encoded bytes.
const EXTENDED_VALUE = /([!#$%&+\-^_`{}~0-9A-Za-z]*)'[^']*'((?:[!#$&+\-.^_`|~0-9A-Za-z]|%[0-9A-Fa-f]{2})*)/y;
const TRAILING_SPACE = /[ \t]*$/y;

export function malformedHeader(): Error {
  return new Error('Malformed part header');
}

/** `pattern` (sticky) matched at `at` in `text`, or null. */
function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** Bytes of an RFC 5987 value in `charset`; null for a charset the platform does not know. */
function decodeExtended(charset: string, encoded: string): string | null {
  const bytes = Buffer.from(encoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
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
 * kept, `name*` values decoded, others raw. Null when malformed, where busboy also gave up on the value.
 */
function parseParams(text: string, at: number): Map<string, string> | null {
  const params = new Map<string, string>();
  while (!matchAt(TRAILING_SPACE, text, at)) {
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

/** A header value holds bytes read as latin1; parameters are meant as UTF-8 (what browsers send). */
function utf8(latin1: string | undefined): string | undefined {
  return latin1 === undefined ? undefined : Buffer.from(latin1, 'latin1').toString('utf8');
}

/** The part's name and filename from a `form-data` Content-Disposition; null for other or malformed ones (skipped). */
export function parseDisposition(text: string): { name: string; filename: string | undefined } | null {
  const type = matchAt(DISPOSITION_TYPE, text, 0)?.[0] ?? '';
  const params = parseParams(text, type.length);
  if (!params || type.toLowerCase() !== 'form-data') return null;
  // An empty filename counts as none (busboy); `filename*` wins over `filename` (RFC 6266).
  const filename = params.get('filename*') || utf8(params.get('filename')) || undefined;
  return { name: utf8(params.get('name')) ?? '', filename: filename === undefined ? undefined : lastSegment(filename) };
}

/** Only the last segment of a client's path is a name; `.` and `..` are none. */
function lastSegment(filename: string): string {
  const name = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  return name === '.' || name === '..' ? '' : name;
}

/** Header lines (CRLF-separated, without the blank line) by lower-cased name, the first of a name kept. */
export function parseHeaderBlock(block: string): Map<string, string> {
  const lines = block.split('\r\n');
  if (block === '' || lines.length > MAX_HEADER_LINES) throw malformedHeader();
  const headers: [string, string][] = [];
  for (const line of lines) {
    const previous = headers.at(-1);
    // Obsolete line folding continues the previous value (busboy accepts it too).
    if (previous && FOLDED_LINE.test(line)) {
      previous[1] += line;
      continue;
    }
    const header = HEADER_LINE.exec(line);
    if (!header?.[1]) throw malformedHeader();
    headers.push([header[1].toLowerCase(), header[2] ?? '']);
  }
  const byName = new Map<string, string>();
  for (const [name, value] of headers) if (!byName.has(name)) byName.set(name, value);
  return byName;
}

