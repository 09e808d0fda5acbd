import type { UrlFetchJobDto } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';

type Phase = 'fetching' | 'storing' | Exclude<UrlFetchJobDto['status'], 'running'>;

/** Spec §9: a running job is fetching below 50 %, storing from there. */
function phaseOf(job: UrlFetchJobDto): Phase {
  if (job.status !== 'running') return job.status;
  return job.progress < 50 ? 'fetching' : 'storing';
}

/** A stopped transfer must not look like one still going: red when it failed, grey when cancelled. */
const BAR: Record<UrlFetchJobDto['status'], string> = {
  running: 'bg-accent',
  completed: 'bg-success-text',
  failed: 'bg-danger',
  cancelled: 'bg-line-strong',
};

/** The phase, bytes and percentage of a URL fetch, with its bar. */
export function UrlProgress({ job }: { job: UrlFetchJobDto }) {
  const { t } = useTranslation();
  const percent = Math.max(0, Math.min(100, Math.round(job.progress)));
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-xs text-fg-muted tabular-nums">
        <span>{t(`upload.url.phase.${phaseOf(job)}`)}</span>
        <span>
          {formatBytes(job.bytes_fetched)}
          {job.bytes_total !== null ? ` / ${formatBytes(job.bytes_total)}` : ''} · {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('upload.url.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-subtle"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-300', BAR[job.status])}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
