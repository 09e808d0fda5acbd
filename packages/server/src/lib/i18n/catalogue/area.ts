import type { Text } from '../i18n.js';

/**
 * One area's entries, every key under the area's prefix (`storage.probe.listFailed`), so two areas can
 * never define the same key. A `{name}` in a text is a placeholder that `msg` fills at the call.
 */
export type Area<Prefix extends string> = Record<`${Prefix}.${string}`, Text>;
