import { SourceUrl, type UrlFetchJobDto, type UrlInfoDto } from '@driftbox/contract';
import { Globe, Link2, Search, X } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileTypeIcon } from '../../../components/share/file-type-icon';
import { Button } from '../../../components/ui/button';
import { Field, FormError } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { formatBytes } from '../../../lib/format';
import type { ShareOptions } from '../../../lib/uploader/upload-api';
import { isApiError } from '../../../lib/api/api-error';
import { cancelUrlFetch, getUrlFetch, getUrlInfo, startUrlFetch } from '../api/url-fetch';
import { useUrlJobPoll } from '../hooks/use-url-job-poll';
import { uploadErrorMessage } from '../lib/upload-errors';
import { ShareResult } from './share-result';
import { UrlProgress } from './url-progress';

export interface UrlPanelProps {
  /** The batch options, or null when a field is invalid (the options card shows which). */
  buildOptions: () => ShareOptions | null;
  /** Refuses a known size before anything starts (upload limit, the chosen storage's free space). */
  check: (size: number) => Error | null;
  disabled: boolean;
  onDone: (job: UrlFetchJobDto, info: UrlInfoDto, filename: string) => void;
  /** A fetch that was refused or failed: the storage's usage may have changed, the link may be taken. */
  onFailed: (error: unknown) => void;
  /** The options were refused: show the user where (the options card may be out of sight). */
  onInvalidOptions?: () => void;
}

/** Fetch a file from a URL into storage: look it up, then let the server stream it and follow the progress. */
export function UrlPanel({
  buildOptions,
  check: checkSize,
  disabled,
  onDone,
  onFailed,
  onInvalidOptions,
}: UrlPanelProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [checkedUrl, setCheckedUrl] = useState('');
  const [urlError, setUrlError] = useState<string>();
  const [info, setInfo] = useState<UrlInfoDto | null>(null);
  const [filename, setFilename] = useState('');
  const [checking, setChecking] = useState(false);
  const [starting, setStarting] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [job, setJob] = useState<UrlFetchJobDto | null>(null);
  const [error, setError] = useState<string>();
  // The server could not be asked for the progress: the fetch goes on there, the page keeps asking.
  const [lost, setLost] = useState(false);
  // The job whose end was reported: a poll and a cancel may both see it end, the page hears it once.
  const endedRef = useRef<string | null>(null);

  /** Takes the server's view of the job; the first time it has ended, tells the page how. */
  function apply(next: UrlFetchJobDto) {
    setJob(next);
    if (next.status === 'running' || endedRef.current === next.file_id || !info) return;
    endedRef.current = next.file_id;
    if (next.status === 'completed') onDone(next, info, filename.trim() || info.filename);
    if (next.status === 'failed') {
      setError(next.error ?? t('upload.errors.unknown'));
      onFailed(next.error);
    }
  }
  const running = job?.status === 'running';

  useUrlJobPoll(running ? job.file_id : null, {
    onJob: apply,
    onLost: setLost,
    onGone: (err) => {
      setLost(false);
      setError(uploadErrorMessage(t, err));
      setJob((current) => (current ? { ...current, status: 'failed' } : current));
      onFailed(err);
    },
  });

  function changeUrl(value: string) {
    setUrl(value);
    // A different address must be checked again before anything is fetched from it.
    if (info && value.trim() !== checkedUrl && !running) {
      setInfo(null);
      setJob(null);
      setError(undefined);
    }
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setJob(null);
    const parsed = SourceUrl.safeParse(url);
    if (!parsed.success) return setUrlError(t('upload.url.invalid'));
    setUrlError(undefined);
    setChecking(true);
    try {
      const found = await getUrlInfo(parsed.data);
      setInfo(found);
      setCheckedUrl(url.trim());
      setFilename(found.filename);
    } catch (err) {
      setInfo(null);
      setUrlError(uploadErrorMessage(t, err));
    } finally {
      setChecking(false);
    }
  }

  // Known before anything is sent: the server would refuse it anyway, after a round trip.
  const refusal = info?.size != null ? checkSize(info.size) : null;

  async function start() {
    // One fetch per press: a second press while the first is being answered would start a second share.
    if (!info || refusal || starting || running) return;
    const options = buildOptions();
    if (!options) {
      setError(t('upload.errors.checkOptions'));
      onInvalidOptions?.();
      return;
    }
    setError(undefined);
    setStarting(true);
    try {
      setJob(await startUrlFetch({ ...options, url: info.url, filename: filename.trim() || undefined }));
    } catch (err) {
      setError(uploadErrorMessage(t, err));
      onFailed(err);
    } finally {
      setStarting(false);
    }
  }

  /** Asks the server to stop, then shows what the job became there: cancelled, or finished just before. */
  async function cancel() {
    if (!job || stopping) return;
    setStopping(true);
    try {
      // 409: the fetch finished first and its share stays; the job's state below says so.
      await cancelUrlFetch(job.file_id).catch((err: unknown) => {
        if (!(isApiError(err) && err.status === 409)) setError(uploadErrorMessage(t, err));
      });
      apply(await getUrlFetch(job.file_id));
    } catch {
      // No answer: the poll goes on and shows the job's end.
    } finally {
      setStopping(false);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={(e) => void check(e)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field label={t('upload.url.label')} error={urlError} hint={t('upload.url.hint')} className="flex-1">
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              value={url}
              onChange={(e) => changeUrl(e.target.value)}
              placeholder="https://example.com/file.zip"
              autoComplete="off"
              spellCheck={false}
              disabled={disabled || running}
            />
          )}
        </Field>
        <Button
          type="submit"
          variant="outline"
          icon={<Search />}
          loading={checking}
          disabled={disabled || running || !url.trim()}
          className="sm:mt-6.5"
        >
          {t('upload.url.check')}
        </Button>
      </form>

      {info ? (
        <div className="flex flex-col gap-4 rounded-xl border border-line p-4">
          <div className="flex items-start gap-3">
            <FileTypeIcon filename={info.filename} mimetype={info.contentType} />
            <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-fg-muted">{t('upload.url.name')}</dt>
              <dd className="truncate font-medium text-fg" title={info.filename}>
                {info.filename}
              </dd>
              <dt className="text-fg-muted">{t('upload.url.size')}</dt>
              <dd className="text-fg">{info.size === null ? t('upload.url.unknownSize') : formatBytes(info.size)}</dd>
              <dt className="text-fg-muted">{t('upload.url.type')}</dt>
              <dd className="truncate text-fg">{info.contentType}</dd>
            </dl>
          </div>
          <Field label={t('upload.url.saveAs')}>
            {(control) => (
              <Input
                {...control}
                value={filename}
                onChange={(e) => setFilename(e.target.value)}
                disabled={disabled || running}
                autoComplete="off"
              />
            )}
          </Field>
          {job ? <UrlProgress job={job} /> : null}
          {lost && running ? (
            <p role="status" className="text-sm text-warning-text">
              {t('upload.url.reconnecting')}
            </p>
          ) : null}
          <FormError
            message={
              error ?? (refusal && !running ? uploadErrorMessage(t, refusal, filename || info.filename) : undefined)
            }
          />
          {job?.status === 'completed' ? (
            <ShareResult slug={job.slug} filename={filename || info.filename} />
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              {running ? (
                <Button variant="outline" icon={<X />} onClick={() => void cancel()} loading={stopping}>
                  {t('upload.url.cancel')}
                </Button>
              ) : null}
              <Button
                icon={<Globe />}
                onClick={() => void start()}
                loading={running || starting}
                disabled={disabled || (refusal !== null && !running)}
              >
                {t('upload.url.start')}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Link2 className="size-4 shrink-0" aria-hidden="true" />
          {t('upload.url.intro')}
        </p>
      )}
    </div>
  );
}
