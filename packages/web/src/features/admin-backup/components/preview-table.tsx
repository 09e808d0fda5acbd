import type { BackupPreviewDto } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';
import { PreviewNotes } from './preview-notes';

const COLUMNS = ['rows', 'insert', 'update', 'unchanged', 'skip', 'delete'] as const;

function cellClass(column: (typeof COLUMNS)[number], value: number): string {
  if (value === 0) return 'text-right tabular-nums text-fg-subtle';
  if (column === 'delete') return 'text-right font-medium text-danger-text tabular-nums';
  if (column === 'insert' || column === 'update') return 'text-right font-medium text-fg tabular-nums';
  return 'text-right tabular-nums';
}

/**
 * What the chosen file would change, before anything is written: one row per table (imported, updated,
 * unchanged, skipped, deleted), then the settings that change and what is not imported, with the reasons.
 */
export function PreviewTable({ preview }: { preview: BackupPreviewDto }) {
  const { t } = useTranslation();
  const tables = Object.entries(preview.tables);
  return (
    <section aria-labelledby="backup-preview-title" className="flex flex-col gap-4">
      <h3 id="backup-preview-title" className="text-sm font-medium text-fg">
        {t('backup.preview.title')}
      </h3>
      {tables.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('backup.preview.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line">
          <Table aria-labelledby="backup-preview-title">
            <THead>
              <TR>
                <TH>{t('backup.preview.table')}</TH>
                {COLUMNS.map((column) => (
                  <TH key={column} className="text-right">
                    {t(`backup.preview.${column}`)}
                  </TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {tables.map(([name, changes]) => (
                <TR key={name}>
                  <TD className="font-mono text-xs">{name}</TD>
                  {COLUMNS.map((column) => (
                    <TD key={column} className={cellClass(column, changes[column])}>
                      {changes[column]}
                    </TD>
                  ))}
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      )}
      <PreviewNotes preview={preview} />
    </section>
  );
}
