import type { FileDto } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import {
  SelectableRow,
  SelectAllHead,
  type SelectableRowsProps,
  type SelectAllProps,
} from '../../../components/ui/selectable-list';
import { Table, TBody, TD, TH, THead } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';
import {
  FileActions,
  FileCreatedText,
  FileExpiryText,
  FileNameCell,
  FileStorageText,
  FileViewsText,
  type FileActionHandlers,
} from './file-cells';

export interface FileListProps extends FileActionHandlers, SelectableRowsProps {
  files: FileDto[];
}

/**
 * Created shows only where the card is wide (72rem): below that the eight columns overflow the card and
 * squeeze the name to a few letters a line, and the list is newest first anyway.
 */
const WIDE_ONLY = 'hidden @min-[72rem]:table-cell';

/** Wide layout: one row per share (the remark under the name); the select-all checkbox is in the header. */
export function FilesTable({
  files,
  selected,
  onSelect,
  onSelectAll,
  allState,
  now,
  ...actions
}: FileListProps & SelectAllProps) {
  const { t } = useTranslation();
  return (
    <Table className="[&_td]:px-3 [&_th]:px-3">
      <THead>
        <tr>
          <SelectAllHead checked={allState} onCheckedChange={onSelectAll} label={t('files.table.selectAll')} />
          <TH>{t('files.table.file')}</TH>
          <TH className="text-right">{t('files.table.size')}</TH>
          <TH>{t('files.table.views')}</TH>
          <TH>{t('files.table.expires')}</TH>
          <TH>{t('files.table.storage')}</TH>
          <TH className={WIDE_ONLY}>{t('files.table.created')}</TH>
          <TH className="text-right">{t('files.table.actions')}</TH>
        </tr>
      </THead>
      <TBody>
        {files.map((file) => (
          <SelectableRow
            key={file.id}
            selected={selected.has(file.id)}
            onSelect={(on) => onSelect(file.id, on)}
            label={t('files.table.selectRow', { name: file.filename })}
          >
            {/* The name takes the room the short columns leave (it was capped at 15rem while Created had space). */}
            <TD className="w-full max-w-0 min-w-48">
              <FileNameCell file={file} showRemark nameLines={2} now={now} />
            </TD>
            <TD className="text-right whitespace-nowrap text-fg-muted tabular-nums">{formatBytes(file.size)}</TD>
            <TD className="whitespace-nowrap">
              <FileViewsText file={file} now={now} />
            </TD>
            <TD className="whitespace-nowrap">
              <FileExpiryText file={file} now={now} />
            </TD>
            {/* Short columns shrink to their content: Created stays on one line ("12 minutes ago"), a long
                storage name wraps to a second line, and the file name takes what is left. */}
            <TD className="w-px min-w-32">
              <FileStorageText file={file} lines={2} />
            </TD>
            <TD className={cn('w-px text-fg-muted', WIDE_ONLY)}>
              <FileCreatedText file={file} now={now} />
            </TD>
            <TD>
              <FileActions file={file} {...actions} />
            </TD>
          </SelectableRow>
        ))}
      </TBody>
    </Table>
  );
}
