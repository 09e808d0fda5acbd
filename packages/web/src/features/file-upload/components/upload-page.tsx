import { Permission, type UrlFetchJobDto, type UrlInfoDto } from '@driftbox/contract';
import { FileUp, Globe } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '../../../components/ui/card';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toaster';
import { canUse } from '../../../lib/auth/admin-access';
import { useAuth } from '../../../lib/auth/auth-store';
import { errorMessage } from '../../../lib/api/error-message';
import { useMediaQuery } from '../../../lib/hooks/use-media-query';
import type { ShareOptions } from '../../../lib/uploader/upload-api';
import { fileFingerprint } from '../../../lib/uploader/resume-store';
import { fileShareUrl } from '../../../lib/shares/file-links';
import { useMaxUploadSize } from '../api/get-max-upload-size';
import { useUploadConfigs } from '../api/get-upload-configs';
import { useClipboardFiles } from '../hooks/use-clipboard-files';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { usePageFileDrop } from '../hooks/use-page-file-drop';
import { useUploadForm } from '../hooks/use-upload-form';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { checkUpload } from '../lib/prechecks';
import { addRecentUpload, clearRecentUploads, readRecentUploads, type RecentUpload } from '../lib/recent-uploads';
import { customSlugError } from '../lib/upload-form';
import { isSlugTaken } from '../lib/upload-errors';
import { isActive, isRefused, isRetryable } from '../lib/queue-item';
import { AccessNotice, type UploadBlock } from './access-notice';
import { FilesPanel } from './files-panel';
import { LeaveDialog } from './leave-dialog';
import { RecentUploads } from './recent-uploads';
import { UploadOptions } from './upload-options';
import { UrlPanel } from './url-panel';

type Tab = 'files' | 'url';

/** /upload: files (drag and drop, pick, paste) or a URL, into a chosen storage, each with a share link. */
export function UploadPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const noticeId = useId();
  const blocked: UploadBlock | null =
    auth.kind === 'none' ? 'signedOut' : !canUse(auth, Permission.FILE_SHARE) ? 'noFilePermission' : null;
  const who = auth.kind === 'admin' ? 'admin' : auth.kind === 'apikey' ? `key:${auth.info.id}` : 'none';
  const configs = useUploadConfigs(who, blocked === null);
  const maxSize = useMaxUploadSize();
  const maxBytes = maxSize.data?.max_upload_size_bytes;

  const [tab, setTab] = useState<Tab>('files');
  const form = useUploadForm();
  const { values, setValues, setCodes, formError, setFormError, markSlugTaken, validOptions } = form;
  const [recent, setRecent] = useState<RecentUpload[]>(() => readRecentUploads());
  const listRef = useRef<HTMLElement>(null);
  const dropRef = useRef<HTMLButtonElement>(null);
  const optionsRef = useRef<HTMLDivElement>(null);

  // The default config is preselected once the list arrives (or when the chosen one disappears).
  const list = configs.data;
  useEffect(() => {
    if (!list?.length || list.some((c) => c.id === values.configId)) return;
    const preferred = list.find((c) => c.is_default === 1) ?? list[0];
    if (preferred) setValues((v) => ({ ...v, configId: preferred.id }));
  }, [list, values.configId, setValues]);

  const config = list?.find((c) => c.id === values.configId);
  // One check for every way in: adding, another storage or limit (below), pressing Upload, a URL's size.
  const precheck = useCallback(
    (file: Pick<File, 'size'>) => checkUpload(file.size, maxBytes, config),
    [maxBytes, config],
  );

  const remember = useCallback((entry: RecentUpload) => setRecent(addRecentUpload(entry)), []);
  const { queue, items, online } = useUploadQueue({
    onDone: (item) => {
      if (!item.result) return;
      const { slug } = item.result;
      remember({
        slug,
        filename: item.result.filename,
        size: item.result.size,
        url: fileShareUrl(slug),
        uploadedAt: item.result.created_at,
      });
      setValues((v) => (v.slug.trim() === slug ? { ...v, slug: '' } : v));
      void configs.refetch();
    },
    onError: (item) => {
      // A refused or broken upload may still have changed the space used (and a 413 says the meter is stale).
      void configs.refetch();
      if (isSlugTaken(item.error)) markSlugTaken(queue.optionsOf(item.id)?.slug ?? undefined);
    },
  });

  useEffect(() => queue.recheck(precheck), [queue, precheck]);

  const addFiles = useCallback(
    (files: File[]) => {
      setFormError(undefined);
      const { duplicates } = queue.add(files, precheck);
      if (duplicates.length > 0)
        toast.info(t('upload.queue.alreadyQueued', { count: duplicates.length, names: duplicates.join(', ') }));
    },
    [queue, precheck, t, setFormError],
  );
  const addFromPage = useCallback(
    (files: File[]) => {
      setTab('files');
      addFiles(files);
    },
    [addFiles],
  );
  useClipboardFiles(addFiles, tab === 'files' && blocked === null);
  usePageFileDrop(addFromPage, blocked === null);

  const ready = items.filter((i) => i.status === 'ready');
  // Only refused files left to act on: a failed or cancelled one still has its Retry, so the footer would mislead.
  const refusedOnly = items.some(isRefused) && !items.some(isRetryable);
  const inQueue = useMemo(() => new Set(items.map((i) => fileFingerprint(i.file))), [items]);
  const pending = items.filter((i) => isActive(i) || i.status === 'queued').length;
  const busy = pending > 0;
  const leaving = useLeaveWarning(busy);
  const touch = useMediaQuery('(pointer: coarse)');

  function startFiles() {
    if (ready.length === 0) return; // The button is disabled then.
    if (!values.configId) {
      // An empty list is not a choice left open: nothing is available to this user, so say whom to ask
      // (the picker already says so too).
      if (list?.length === 0) return setFormError(t('upload.storage.none'));
      // The list never arrived: choosing is not what is missing.
      if (!list && configs.error)
        return setFormError(t('upload.storage.loadFailed', { message: errorMessage(configs.error) }));
      setCodes({ configId: 'noStorage' });
      return setFormError(t('upload.errors.noStorage'));
    }
    const options = validOptions(ready.length === 1);
    if (!options) return;
    queue.start((item) => precheck(item.file) ?? options);
    // A custom link names one share: the next upload must not reuse it (a taken one comes back, marked).
    if (options.slug) setValues((v) => ({ ...v, slug: '' }));
    // Upload is disabled now (nothing left to start): focus goes to the files and their progress.
    listRef.current?.focus();
  }

  /** Retries a file; one refused for its custom link goes again with the link now in the field. */
  function retry(id: string) {
    const item = items.find((i) => i.id === id);
    const before = queue.optionsOf(id);
    if (!item || !before || !isSlugTaken(item.error)) return queue.retry(id);
    // Only the link field counts here: the retry keeps every other option it was sent with.
    const invalid = customSlugError(values.slug);
    if (invalid) return setCodes({ slug: invalid });
    const slug = values.slug.trim();
    if (slug && slug === before.slug) return markSlugTaken(undefined);
    const next: ShareOptions = { ...before };
    if (slug) next.slug = slug;
    else delete next.slug;
    queue.retry(id, next);
    setValues((v) => ({ ...v, slug: '' }));
  }

  /** From the summary beside Upload (narrow screens) to the options card below, at its first field. */
  function editOptions() {
    const card = optionsRef.current;
    card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    card?.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true });
  }

  /** To the first field the options refused (the card may be below, out of sight on a phone). */
  function showInvalidOption() {
    // After the render that marks the fields.
    requestAnimationFrame(() => {
      const field = optionsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      field?.focus({ preventScroll: true });
    });
  }

  function onUrlDone(job: UrlFetchJobDto, info: UrlInfoDto, filename: string) {
    remember({
      slug: job.slug,
      filename,
      size: job.bytes_total ?? info.size ?? job.bytes_stored,
      url: fileShareUrl(job.slug),
      uploadedAt: job.updated_at,
    });
    setValues((v) => (v.slug.trim() === job.slug ? { ...v, slug: '' } : v));
    toast.success(t('upload.url.done'));
    void configs.refetch();
  }

  function onUrlFailed(error: unknown) {
    void configs.refetch();
    if (isSlugTaken(error)) markSlugTaken(undefined);
  }

  const filesPanel = (
    <FilesPanel
      queue={queue}
      items={items}
      readyCount={ready.length}
      online={online}
      blocked={blocked !== null}
      noticeId={noticeId}
      touch={touch}
      maxBytes={maxBytes}
      inQueue={inQueue}
      refusedOnly={refusedOnly}
      busy={busy}
      formError={formError}
      values={values}
      config={config}
      dropRef={dropRef}
      listRef={listRef}
      onFiles={addFiles}
      onRetry={retry}
      onStart={startFiles}
      onEditOptions={editOptions}
    />
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="mb-5 min-w-0">
        <h1 className="text-xl font-semibold tracking-tight text-fg sm:text-2xl">{t('upload.title')}</h1>
        <p className="mt-1 text-sm text-fg-muted">{t('upload.description')}</p>
      </div>
      {blocked ? <AccessNotice id={noticeId} reason={blocked} /> : null}
      <LeaveDialog blocker={leaving} count={pending} />
      <div className="mt-5 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-4 sm:p-5">
          <Tabs
            label={t('upload.tabs.label')}
            value={tab}
            onValueChange={setTab}
            keepMounted
            items={[
              { value: 'files', label: t('upload.tabs.files'), icon: <FileUp />, content: filesPanel },
              {
                value: 'url',
                label: t('upload.tabs.url'),
                icon: <Globe />,
                content: (
                  <UrlPanel
                    buildOptions={() => validOptions(true, false)}
                    check={(size) => precheck({ size })}
                    disabled={blocked !== null}
                    onDone={onUrlDone}
                    onFailed={onUrlFailed}
                    onInvalidOptions={showInvalidOption}
                  />
                ),
              },
            ]}
          />
        </Card>
        <div className="flex flex-col gap-6 lg:sticky lg:top-20">
          {/* tabIndex -1: Clear in Recent uploads removes that card and hands focus back to this one. */}
          <Card
            ref={optionsRef}
            tabIndex={-1}
            role="region"
            aria-label={t('upload.options.title')}
            className="scroll-mt-20 outline-none focus-visible:ring-2 focus-visible:ring-accent"
          >
            <CardHeader title={t('upload.options.title')} description={t('upload.options.description')} />
            <div className="px-5 py-4">
              <UploadOptions
                values={values}
                onChange={form.changeValues}
                errors={form.errors}
                configs={configs.data}
                configsLoading={configs.isLoading}
                configsError={configs.error}
                onRetryConfigs={() => void configs.refetch()}
                configsRetrying={configs.isFetching}
                slugDisabled={tab === 'files' && ready.length > 1}
                disabled={blocked !== null}
              />
            </div>
          </Card>
          <RecentUploads
            uploads={recent}
            onClear={() => {
              clearRecentUploads();
              setRecent([]);
              optionsRef.current?.focus();
            }}
          />
        </div>
      </div>
    </div>
  );
}
