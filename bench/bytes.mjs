// What the "files" section and its baselines (files-driver.mjs) share: the bytes they move and how the
// disk is settled before each timed transfer.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const MiB = 1024 * 1024;
const BLOCK = randomBytes(MiB);

/** `size` bytes as 1 MiB chunks of one random block (generated once: the client must not be the bottleneck). */
export function* chunks(size) {
  for (let left = size; left > 0; left -= MiB) yield left >= MiB ? BLOCK : BLOCK.subarray(0, left);
}

/**
 * Dirty pages of earlier transfers are written back first (`sync`), so no transfer pays for the one
 * before it — on a small VM that writeback swung single uploads between 250 and 800 MB/s.
 */
export function settleDisk() {
  spawnSync('sync', { stdio: 'ignore' });
}
