/** The WebDAV module's tables (migration 012), apart so schema.ts stays within the size rule. */

/** WebDAV dead properties per virtual path: `name` is `{namespace}local`, `value` the element's XML (migration 012). */
export interface WebdavPropertiesTable {
  path: string;
  name: string;
  value: string;
  updated_at: string;
}

/** WebDAV write locks (migration 012). */
export interface WebdavLocksTable {
  token: string;
  root: string;
  depth: '0' | 'infinity';
  scope: 'exclusive' | 'shared';
  owner_xml: string;
  principal: string;
  timeout_seconds: number;
  expires_at: string;
  created_at: string;
}
