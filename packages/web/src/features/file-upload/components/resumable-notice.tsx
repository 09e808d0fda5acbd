import { History, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatBytes } from '../../../lib/format';
import { createResumeStore, type ResumeEntry } from '../../../lib/uploader/resume-store';
import type { UploadApi } from '../../../lib/uploader/upload-api';
import { runningUploads } from '../../../lib/uploader/upload-locks';

/** How often the list asks which uploads run in other tabs. */
const RUNNING_POLL_MS = 2000;

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** Fingerprints of the uploads running in any tab now, asked again every few seconds while `asking`. */
function useRunningUploads(asking: boolean): ReadonlySet<string> {
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!asking) return undefined;
    let live = true;
    const ask = () =>
      void runningUploads().then((names) => live && setRunning((old) => (sameSet(old, names) ? old : names)));
    ask();
    const timer = window.setInterval(ask, RUNNING_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [asking]);
  return running;
}

/**
 * Multipart uploads a closed or reloaded page left unfinished. Adding the same file again continues
 * where it stopped (the uploader asks the server which parts it has); "discard" aborts it on the server.
 * One still running in another tab is shown as such, with nothing to discard.
 */
export function ResumableNotice({ api, hidden }: { api: Pick<UploadApi, 'abort'>; hidden: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const [store] = useState(() => createResumeStore());
  const [, setDiscarded] = useState(0);
  // Read on every render (a small JSON): the queue's uploads save, finish and drop entries as they go.
  const entries = store.list();
  const visible = entries.filter(([key]) => !hidden.has(key));
  const running = useRunningUploads(visible.length > 0);
  if (visible.length === 0) return null;

  async function discard(key: string, entry: ResumeEntry) {
    // Asked again now: the list may be a few seconds old, and another tab may just have resumed it.
    if ((await runningUploads()).has(key)) return setDiscarded((n) => n + 1);
    store.remove(key);
    setDiscarded((n) => n + 1);
    void api.abort(entry.fileId, entry.uploadId).catch(() => undefined);
  }

  return (
    <section
      aria-label={t('upload.resume.title')}
      className="rounded-xl border border-accent/25 bg-accent-soft/50 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-fg">
        <History className="size-4 shrink-0 text-accent-text" aria-hidden="true" />
        {t('upload.resume.title')}
      </p>
      <p className="mt-0.5 text-xs text-fg-muted">{t('upload.resume.description')}</p>
      <ul className="mt-2 flex flex-col gap-1">
        {visible.map(([key, entry]) => (
          <li key={key} className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate text-fg" title={entry.filename}>
              {entry.filename}
            </span>
            <span className="shrink-0 text-xs text-fg-muted tabular-nums">
              {t('upload.resume.progress', {
                done: entry.parts.length,
                total: entry.partCount,
                size: formatBytes(entry.size),
              })}
            </span>
            {running.has(key) ? (
              <span className="shrink-0 text-xs text-accent-text">{t('upload.resume.elsewhere')}</span>
            ) : (
              <Button
                variant="ghost"
                size="icon-sm"
                icon={<X />}
                onClick={() => void discard(key, entry)}
                aria-label={t('upload.resume.discard', { name: entry.filename })}
                title={t('upload.resume.discardShort')}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
