/**
 * The server's message catalogue: every text a client reads, by key, in both languages (ERROR_MESSAGES
 * keeps the error codes' defaults). Each area file in `catalogue/` holds the entries of one part of the
 * server under its own prefix; MESSAGES merges them, so a missing or mistyped key fails the type check.
 * Code says `msg('storage.probe.readPassed')`, or `msg('backup.unknownTable', { table })` for an entry
 * with `{table}` in its text: the placeholders are typed from the text itself.
 *
 * A new area: write `catalogue/<area>.ts` exporting `{ 'area.key': { en, zh } } as const satisfies
 * Area<'area'>` (a prefix no other area uses) and spread it into MESSAGES below; `catalogue.test.ts`
 * then checks its entries.
 */
import type { Text } from './i18n.js';
import { ACCOUNT_MESSAGES } from './catalogue/accounts.js';
import { BACKUP_MESSAGES } from './catalogue/backup.js';
import { FILE_MESSAGES } from './catalogue/files.js';
import { FS_FILE_MESSAGES } from './catalogue/fs-files.js';
import { FS_COPY_MESSAGES } from './catalogue/fs-copy.js';
import { HTTP_MESSAGES } from './catalogue/http.js';
import { LOCAL_STORAGE_MESSAGES } from './catalogue/local-storage.js';
import { MOUNT_MESSAGES } from './catalogue/mounts.js';
import { NET_MESSAGES } from './catalogue/net.js';
import { PASTE_MESSAGES } from './catalogue/pastes.js';
import { SEARCH_MESSAGES } from './catalogue/search.js';
import { SETTINGS_MESSAGES } from './catalogue/settings.js';
import { SHARE_MESSAGES } from './catalogue/shares.js';
import { STORAGE_MESSAGES } from './catalogue/storage.js';
import { STORAGE_PROBE_MESSAGES } from './catalogue/storage-probe.js';
import { SYSTEM_MESSAGES } from './catalogue/system.js';
import { TASK_MESSAGES } from './catalogue/tasks.js';
import { URL_UPLOAD_MESSAGES } from './catalogue/url-upload.js';
import { WEBDAV_MESSAGES } from './catalogue/webdav.js';

/** Every entry of every area; area prefixes never overlap, so no spread can overwrite another's key. */
export const MESSAGES = {
  ...HTTP_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...BACKUP_MESSAGES,
  ...FILE_MESSAGES,
  ...FS_FILE_MESSAGES,
  ...FS_COPY_MESSAGES,
  ...LOCAL_STORAGE_MESSAGES,
  ...MOUNT_MESSAGES,
  ...NET_MESSAGES,
  ...PASTE_MESSAGES,
  ...SEARCH_MESSAGES,
  ...SETTINGS_MESSAGES,
  ...SHARE_MESSAGES,
  ...STORAGE_MESSAGES,
  ...STORAGE_PROBE_MESSAGES,
  ...SYSTEM_MESSAGES,
  ...TASK_MESSAGES,
  ...URL_UPLOAD_MESSAGES,
  ...WEBDAV_MESSAGES,
} as const;

/** The key of a catalogue entry (`storage.probe.listFailed`). */
export type MessageKey = keyof typeof MESSAGES;

/** The `{name}` placeholders of a text, as a union of names. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The placeholders of an entry, in either language (the parity test keeps the two the same). */
export type MessageParamName<K extends MessageKey> = Placeholders<(typeof MESSAGES)[K]['en' | 'zh']>;

/** The key of an entry without placeholders: one that can be chosen from a table. */
export type PlainMessageKey = { [K in MessageKey]: [MessageParamName<K>] extends [never] ? K : never }[MessageKey];

/** A placeholder's value: the same in both languages, or a text of its own (a name, another entry). */
export type MessageParam = string | number | Text;

/** The arguments after the key: none for a plain entry, every placeholder's value for a template. */
type ParamArgs<K extends MessageKey> = [MessageParamName<K>] extends [never]
  ? []
  : [params: Record<MessageParamName<K>, MessageParam>];

/** A placeholder in a catalogue text: `{name}`. */
export const PLACEHOLDER = /\{(\w+)\}/g;

function fill(template: string, params: Record<string, MessageParam>, lang: keyof Text): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[lang] : String(value);
  });
}

/** A list in both languages, for a placeholder: joined by `enSeparator` in English, by 、 in Chinese. */
export function listOf(items: readonly string[], enSeparator = ', '): Text {
  return { en: items.join(enSeparator), zh: items.join('、') };
}

/** The entry `key` in both languages, its placeholders filled from `params`. */
export function msg<K extends MessageKey>(key: K, ...args: ParamArgs<K>): Text {
  const entry: Text | undefined = MESSAGES[key];
  // Only a key cast past the type check can miss: fail loudly rather than answer an empty message.
  if (!entry) throw new Error(`No message "${key}" in the catalogue`);
  const [params] = args;
  if (!params) return entry;
  const values = params as Record<string, MessageParam>;
  return { en: fill(entry.en, values, 'en'), zh: fill(entry.zh, values, 'zh') };
}
