import { useTranslation } from 'react-i18next';
import { SelectableCard } from '../../../components/ui/selectable-list';
import { formatBytes } from '../../../lib/format';
import {
  FileActions,
  FileCreatedText,
  FileExpiryText,
  FileNameCell,
  FileStorageText,
  FileViewsText,
} from './file-cells';
import type { FileListProps } from './files-table';

/** Narrow layout: one card per share, so nothing scrolls sideways on a phone. */
export function FilesCards({ files, selected, onSelect, now, ...actions }: FileListProps) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-line">
      {files.map((file) => (
        <SelectableCard
          key={file.id}
          checkboxClassName="mt-2.5"
          selected={selected.has(file.id)}
          onSelect={(on) => onSelect(file.id, on)}
          label={t('files.table.selectRow', { name: file.filename })}
        >
          <FileNameCell file={file} />
          {file.remark ? <p className="text-sm break-words text-fg">{file.remark}</p> : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt className="text-fg-subtle">{t('files.table.size')}</dt>
            <dd className="text-fg-muted tabular-nums">{formatBytes(file.size)}</dd>
            <dt className="text-fg-subtle">{t('files.table.views')}</dt>
            <dd className="text-fg-muted">
              <FileViewsText file={file} now={now} />
            </dd>
            <dt className="text-fg-subtle">{t('files.table.expires')}</dt>
            <dd className="text-fg-muted">
              <FileExpiryText file={file} now={now} />
            </dd>
            <dt className="text-fg-subtle">{t('files.table.storage')}</dt>
            <dd className="min-w-0 text-fg-muted">
              <FileStorageText file={file} />
            </dd>
            <dt className="text-fg-subtle">{t('files.table.created')}</dt>
            <dd className="text-fg-muted">
              <FileCreatedText file={file} now={now} />
            </dd>
          </dl>
          <div className="-mx-1.5 flex justify-start">
            <FileActions file={file} {...actions} />
          </div>
        </SelectableCard>
      ))}
    </ul>
  );
}
