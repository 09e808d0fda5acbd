import type { LogFields } from './logger.js';

/** What a secret is replaced with in a log line. */
export const REDACTED = '[redacted]';

/**
 * Field names whose values are secrets wherever they are logged: passwords, tokens, credentials,
 * cookies, signatures and keys that authenticate (`apiKey`, `secretKey`, `accessKey`…). A bare `key`
 * is a storage object's key, not a secret, and stays.
 */
const SECRET_FIELD =
  /passw|passphrase|^pass$|pwd|token|secret|authori[sz]ation|cookie|credential|signature|^sig$|^sign$|(?:api|access|auth|private|secret)[_-]?key/i;

/** Cheap pre-check: a text with none of these characters or words has nothing to redact. */
const MAYBE_SECRET = /[=:@]|bearer|basic|apikey|digest/i;

/** `Authorization`-style credentials in free text: `Bearer abc`, `Basic dXNl…`, `ApiKey …`. */
const SCHEME_CREDENTIAL = /\b(Bearer|Basic|ApiKey|Digest)(\s+)[^\s,;"']+/gi;
/** Query parameters of logged URLs whose names say secret (sign, sig, token, password, X-Amz-Signature…). */
const SECRET_QUERY =
  /([?&](?:sig|sign|[\w.-]*(?:signature|token|pass|pwd|secret|key|credential|auth)[\w.-]*)=)[^&#\s"']*/gi;
/** The password of `scheme://user:password@host`. */
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/]*:)[^\s@/]+@/gi;
/** `password=…`, `"token":"…"` inside text (an error message echoing a body or a k=v line). */
const INLINE_PAIR =
  /((?:^|[\s{,;"'])(?:password|passwd|pwd|token|secret|cookie|api_?key|sign|sig|signature)["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&}"']+)/gi;

/** The text with every secret-looking part replaced by `[redacted]`. */
export function redactText(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  return text
    .replace(SCHEME_CREDENTIAL, `$1$2${REDACTED}`)
    .replace(URL_USERINFO, `$1${REDACTED}@`)
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(INLINE_PAIR, `$1${REDACTED}`);
}

/** True for a field name whose value is never logged. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/** The fields with secret-named values replaced and secret-looking parts of string values redacted. */
export function redactFields(fields: LogFields): LogFields {
  let out: LogFields | undefined;
  for (const name in fields) {
    const value = fields[name];
    let safe = value;
    if (value === undefined || value === null) continue;
    if (isSecretField(name)) safe = REDACTED;
    else if (typeof value === 'string') safe = redactText(value);
    if (safe !== value) {
      out ??= { ...fields };
      out[name] = safe;
    }
  }
  return out ?? fields;
}
