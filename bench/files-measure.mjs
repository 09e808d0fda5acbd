// How the "files" section times a transfer: wall-clock speed, the serving process's CPU seconds per GiB
// and its resident memory, sampled from /proc while the bytes move.
import { readFileSync } from 'node:fs';
import { settleDisk } from './bytes.mjs';

const MiB = 1024 * 1024;

/** Samples a process's resident memory (VmRSS, from /proc) every 20 ms; `stop()` returns the peak in MB. */
export function rssSampler(pid) {
  const read = (field) =>
    Number(
      /(\d+) kB/.exec(
        readFileSync(`/proc/${pid}/status`, 'utf8')
          .split('\n')
          .find((l) => l.startsWith(field)) ?? '',
      )?.[1] ?? 0,
    ) / 1024;
  let peak = read('VmRSS:');
  const timer = setInterval(() => {
    peak = Math.max(peak, read('VmRSS:'));
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return { peak: Math.max(peak, read('VmRSS:')), hwm: read('VmHWM:') };
    },
  };
}

/** A process's CPU time so far, all threads, user and system (seconds; /proc counts in 1/100 s ticks). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Times one transfer of `size` bytes served by process `pid` and samples its memory meanwhile; also
 * returns its CPU seconds per GiB moved (compared with the discarding node:http's, it shows how much work
 * the route adds per byte, which the throughput alone hides while the disk is the one waited on).
 */
export async function timed(pid, size, fn) {
  settleDisk();
  const rss = rssSampler(pid);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  const cpuPerGiB = (cpuSeconds(pid) - cpuBefore) / (size / (1024 * MiB));
  return { ...result, mbps: size / MiB / seconds, cpuPerGiB, rss: rss.stop() };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
