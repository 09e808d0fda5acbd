/**
 * The job record of a server-side URL fetch (`upload_jobs`): its progress while the fetch runs, its
 * failure in both languages, and how a poll shows it.
 */
import type { UrlFetchJobDto } from '@driftbox/contract';
import { Transform } from 'node:stream';
import { iso, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { t, type Lang, type Text } from '../../lib/i18n/i18n.js';
import type { UploadJobRow, UploadJobsRepository } from './url-upload.repository.js';

/** Unknown sizes report progress every this many bytes. */
const PROGRESS_STEP = 8 * 1024 * 1024;
/**
 * A fetch whose bytes still flow reports at least this often, progress or not: the sweep fails a job
 * silent for an hour as its instance's death, and a slow source may take longer than that per step.
 */
export const PROGRESS_HEARTBEAT_MS = 5 * 60 * 1000;

/**
 * Spec §9's scale: the fetched half counts 0–49 %, the stored half 50–99 %. The server streams, so both
 * halves advance together; 100 is reserved for the published share.
 */
export function progressOf(fetched: number, stored: number, total: number | null): number {
  if (!total) return 0;
  return Math.min(99, Math.floor(49 * Math.min(1, fetched / total) + 50 * Math.min(1, stored / total)));
}

/** A job's failure as stored: both languages, so every poll answers in its caller's. */
export const storedError = (text: Text): string => JSON.stringify(text);

/** The stored error in `lang`; rows written before errors were stored in both languages hold plain text. */
function errorIn(lang: Lang, stored: string | null): string | null {
  if (stored === null || !stored.startsWith('{')) return stored;
  try {
    const text = JSON.parse(stored) as Partial<Text>;
    return typeof text.en === 'string' && typeof text.zh === 'string' ? t(lang, { en: text.en, zh: text.zh }) : stored;
  } catch {
    return stored;
  }
}

/** A job as its creator sees it: no source URL or creator, the error in `lang`, the share's link once done. */
export function presentJob(row: UploadJobRow, origin: string, lang: Lang): UrlFetchJobDto {
  const { source_url: _source, created_by: _creator, ...job } = row;
  return {
    ...job,
    error: errorIn(lang, row.error),
    url: row.status === 'completed' ? `${origin}/file/${encodeURIComponent(row.slug)}` : null,
  };
}

/** What stops a fetch its creator cancelled (here, or through the job row on another instance). */
export const cancelled = () => new AppError('GONE', { text: msg('urlUpload.fetch.cancelled') });

/**
 * Counts fetched bytes (a pass-through on the source) and reports progress when the percentage moves
 * (or every PROGRESS_STEP bytes when the size is unknown), and at least every PROGRESS_HEARTBEAT_MS while
 * bytes arrive. Reports start once the job row exists; a
 * report that finds the job no longer running (cancelled on any instance) aborts the fetch.
 */
export function progressTracker(
  repo: UploadJobsRepository,
  clock: Clock,
  total: number | null,
  controller: AbortController,
) {
  let fetched = 0;
  let stored = 0;
  let reported = -1;
  let reportedAt = 0;
  let fileId: string | null = null;
  const report = (storedNow: number) => {
    stored = storedNow;
    const progress = progressOf(fetched, stored, total);
    const step = total ? progress : Math.floor(stored / PROGRESS_STEP);
    const now = clock.now();
    if (fileId === null || (step === reported && now.getTime() - reportedAt < PROGRESS_HEARTBEAT_MS)) return;
    reported = step;
    reportedAt = now.getTime();
    const changes = { progress, bytes_fetched: fetched, bytes_stored: stored, updated_at: iso(now) };
    void repo.progress(fileId, changes).then(
      (stillRunning) => stillRunning || controller.abort(cancelled()),
      () => undefined,
    );
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      fetched += chunk.length;
      callback(null, chunk);
    },
  });
  return {
    counter,
    report,
    arm(id: string) {
      fileId = id;
      report(stored);
    },
  };
}
