import { Upload, WifiOff } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageConfigSummaryDto } from '@driftbox/contract';
import { ShareNotice } from '../../../components/share/share-notice';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/field';
import { httpUploadApi } from '../../../lib/uploader/upload-api';
import type { QueueItem } from '../lib/queue-item';
import type { UploadFormValues } from '../lib/upload-form';
import type { UploadQueue } from '../lib/upload-queue';
import { DropZone } from './drop-zone';
import { OptionsSummary } from './options-summary';
import { ResumableNotice } from './resumable-notice';
import { UploadQueueList } from './upload-queue-list';

export interface FilesPanelProps {
  queue: UploadQueue;
  items: QueueItem[];
  /** Files added and not started yet (Upload sends them). */
  readyCount: number;
  online: boolean;
  blocked: boolean;
  /** The access notice that says why Upload is disabled, when it is. */
  noticeId: string;
  touch: boolean;
  maxBytes: number | undefined;
  /** Fingerprints of the files in the list: their resumable uploads are not offered again. */
  inQueue: ReadonlySet<string>;
  refusedOnly: boolean;
  busy: boolean;
  formError: string | undefined;
  values: UploadFormValues;
  config: StorageConfigSummaryDto | undefined;
  dropRef: RefObject<HTMLButtonElement | null>;
  listRef: RefObject<HTMLElement | null>;
  onFiles: (files: File[]) => void;
  onRetry: (id: string) => void;
  onStart: () => void;
  onEditOptions: () => void;
}

/** The Files tab of /upload: the drop zone, notices, the queue and the Upload button. */
export function FilesPanel(props: FilesPanelProps) {
  const { t } = useTranslation();
  const { queue, items, blocked, touch, busy, formError, dropRef, listRef } = props;
  const ready = props.readyCount;
  return (
    <div className="flex flex-col gap-4">
      <DropZone ref={dropRef} onFiles={props.onFiles} maxBytes={props.maxBytes} disabled={blocked} touch={touch} />
      {blocked ? null : <ResumableNotice api={httpUploadApi} hidden={props.inQueue} />}
      {props.online ? null : (
        <ShareNotice icon={WifiOff} tone="warning" title={t('upload.offline.title')}>
          {t('upload.offline.description')}
        </ShareNotice>
      )}
      <UploadQueueList
        items={items}
        onCancel={(id) => queue.cancel(id)}
        onRetry={props.onRetry}
        onRemove={(id) => queue.remove(id)}
        onCancelAll={() => queue.cancelAll()}
        onClearFinished={() => queue.clearFinished()}
        ref={listRef}
        onEmpty={() => dropRef.current?.focus()}
      />
      <FormError message={formError} />
      {blocked ? null : (
        <OptionsSummary
          className="lg:hidden"
          values={props.values}
          config={props.config}
          single={ready <= 1}
          onEdit={props.onEditOptions}
        />
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        {/* With only refused files the disabled button says why here; phones have no Ctrl+V to paste files with. */}
        <p className="text-xs text-fg-subtle">
          {props.refusedOnly && ready === 0 && !busy
            ? t('upload.errors.refusedOnly')
            : touch
              ? null
              : t('upload.drop.pasteHint')}
        </p>
        {/* Enabled only with something to send; a refused file says why under its own row. */}
        <Button
          icon={<Upload />}
          onClick={props.onStart}
          disabled={blocked || ready === 0}
          aria-describedby={blocked ? props.noticeId : undefined}
          loading={busy && ready === 0}
        >
          {ready > 1 ? t('upload.start.many', { count: ready }) : t('upload.start.one')}
        </Button>
      </div>
    </div>
  );
}
