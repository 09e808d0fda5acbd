/**
 * The folder presigned uploads write to before their commit moves the object into place (file shares and
 * mount uploads alike). It sits in a storage config's folders but is never part of the mount tree: listings,
 * search, copies and archives leave it out, and a path naming it is nowhere.
 */
export const STAGING_NAME = '.driftbox-staging';

/** True when a storage key (or a path inside a mount) lies in a staging folder. */
export function isStagingKey(key: string): boolean {
  return key.split('/').includes(STAGING_NAME);
}
