import type { BackupPreviewDto } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';

const COLUMNS = ['rows', 'insert', 'update', 'unchanged', 'skip', 'delete'] as const;

/** What the chosen file would change, one row per table (from the preview endpoint). */
export function PreviewTable({ preview }: { preview: BackupPreviewDto }) {
  const { t } = useTranslation();
  const tables = Object.entries(preview.tables);
  return (
    <section aria-labelledby="backup-preview-title" className="flex flex-col gap-2">
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
                    <TD
                      key={column}
                      className={
                        changes[column] > 0 && column === 'delete'
                          ? 'text-right font-medium text-danger-text tabular-nums'
                          : 'text-right tabular-nums'
                      }
                    >
                      {changes[column]}
                    </TD>
                  ))}
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      )}
      {preview.skipped.length > 0 ? (
        <div className="text-xs text-fg-muted">
          <p className="font-medium">{t('backup.preview.skipped')}</p>
          <ul className="list-disc pl-5">
            {preview.skipped.map((s) => (
              <li key={s.table}>
                <span className="font-mono">{s.table}</span> ({s.rows}): {s.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
