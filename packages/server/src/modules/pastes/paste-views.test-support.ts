import { TEST_START } from '../../test/clock.js';
import type { Harness } from '../../test/harness.js';
import { pasteRow } from './pastes.test-support.js';

/** Shared set-up of the paste-view route tests (paste-views.routes*.test.ts). */

export const HOUR = 60 * 60 * 1000;
export const after = (ms: number) => new Date(Date.parse(TEST_START) + ms).toISOString();

/** Reading and unlocking a paste as a visitor, and its stored view count. */
export function pasteViewCalls(h: Harness) {
  const view = (slug: string, headers: Record<string, string> = {}) => h.call('GET', `/api/paste/${slug}`, { headers });
  const unlock = (slug: string, password: unknown, headers: Record<string, string> = {}) =>
    h.call('POST', `/api/paste/${slug}`, { headers, body: { password } });
  const views = async (slug: string) => (await pasteRow(h, slug)).views;
  return { view, unlock, views };
}
