/**
 * The `If:` request header (RFC 4918 §10.4): parsed into lists of conditions, tagged with the resource
 * they apply to (null: the request's own resource), then evaluated against current lock tokens and
 * entity tags. Every state token it names is "submitted" for the lock checks (§6.5, §7).
 */

export interface IfCondition {
  not: boolean;
  kind: 'token' | 'etag';
  value: string;
}

export interface IfList {
  /** The tagged resource's URL (as sent), or null for the request URI. */
  tag: string | null;
  conditions: IfCondition[];
}

/** A header that is not a valid If production. */
export class IfSyntaxError extends Error {}

/** Parses an If header; throws IfSyntaxError. */
export function parseIf(header: string): IfList[] {
  const lists: IfList[] = [];
  let i = 0;
  let tag: string | null = null;
  const skip = () => {
    while (i < header.length && /\s/.test(header[i]!)) i += 1;
  };
  const until = (end: string) => {
    const at = header.indexOf(end, i);
    if (at < 0) throw new IfSyntaxError('unterminated');
    const value = header.slice(i, at);
    i = at + 1;
    return value;
  };
  skip();
  while (i < header.length) {
    const ch = header[i]!;
    if (ch === '<') {
      i += 1;
      tag = until('>');
    } else if (ch === '(') {
      i += 1;
      const conditions: IfCondition[] = [];
      for (;;) {
        skip();
        if (header[i] === ')') {
          i += 1;
          break;
        }
        let not = false;
        if (/^not\b/i.test(header.slice(i, i + 4))) {
          not = true;
          i += 3;
          skip();
        }
        if (header[i] === '<') {
          i += 1;
          conditions.push({ not, kind: 'token', value: until('>') });
        } else if (header[i] === '[') {
          i += 1;
          conditions.push({ not, kind: 'etag', value: until(']').replace(/^W\//, '') });
        } else throw new IfSyntaxError('condition');
      }
      if (conditions.length === 0) throw new IfSyntaxError('empty list');
      lists.push({ tag, conditions });
    } else throw new IfSyntaxError('unexpected');
    skip();
  }
  if (lists.length === 0) throw new IfSyntaxError('empty');
  return lists;
}

/** Every state token the header names (whether or not under `Not`). */
export function submittedTokens(lists: readonly IfList[]): Set<string> {
  const tokens = new Set<string>();
  for (const list of lists) for (const c of list.conditions) if (c.kind === 'token') tokens.add(c.value);
  return tokens;
}

/** What a condition is checked against: the resource's current lock tokens and entity tag. */
export interface IfState {
  tokens: ReadonlySet<string>;
  etag: string | null;
}

/**
 * True when some list holds (§10.4.3: the header is true when any of its lists is). `stateOf` gives the
 * state of a tagged resource (null when the tag is not a resource of this server: its lists are false).
 */
export async function evaluateIf(
  lists: readonly IfList[],
  stateOf: (tag: string | null) => Promise<IfState | null>,
): Promise<boolean> {
  for (const list of lists) {
    const state = await stateOf(list.tag);
    if (!state) continue;
    const holds = list.conditions.every((c) => {
      const match = c.kind === 'token' ? state.tokens.has(c.value) : state.etag !== null && state.etag === c.value;
      return c.not ? !match : match;
    });
    if (holds) return true;
  }
  return false;
}
