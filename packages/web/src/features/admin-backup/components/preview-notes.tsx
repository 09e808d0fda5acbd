import type { BackupPreviewDto } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';

/** The settings a restore changes (from → to) and the parts of the file it does not import, with why. */
export function PreviewNotes({ preview }: { preview: BackupPreviewDto }) {
  const { t } = useTranslation();
  return (
    <>
      {preview.settings_changes.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 id="backup-settings-title" className="text-sm font-medium text-fg">
            {t('backup.preview.settings')}
          </h4>
          <div className="overflow-x-auto rounded-xl border border-line">
            <Table aria-labelledby="backup-settings-title">
              <THead>
                <TR>
                  <TH>{t('backup.preview.setting')}</TH>
                  <TH>{t('backup.preview.from')}</TH>
                  <TH>{t('backup.preview.to')}</TH>
                </TR>
              </THead>
              <TBody>
                {preview.settings_changes.map((change) => (
                  <TR key={change.key}>
                    <TD className="font-mono text-xs">{change.key}</TD>
                    <TD className="max-w-64 truncate text-fg-muted" title={change.from ?? ''}>
                      {change.from ?? '—'}
                    </TD>
                    <TD className="max-w-64 truncate" title={change.to}>
                      {change.to}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
        </div>
      ) : null}
      {preview.skipped.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 id="backup-skipped-title" className="text-sm font-medium text-fg">
            {t('backup.preview.skipped')}
          </h4>
          <div className="overflow-x-auto rounded-xl border border-line">
            <Table aria-labelledby="backup-skipped-title">
              <THead>
                <TR>
                  <TH>{t('backup.preview.part')}</TH>
                  <TH className="text-right">{t('backup.preview.rows')}</TH>
                  <TH>{t('backup.preview.reason')}</TH>
                </TR>
              </THead>
              <TBody>
                {preview.skipped.map((s, index) => (
                  <TR key={`${s.table}-${index}`}>
                    <TD className="min-w-40 font-mono text-xs [overflow-wrap:anywhere]">{s.table}</TD>
                    <TD className="text-right tabular-nums">{s.rows}</TD>
                    <TD className="min-w-64 text-fg-muted">{s.reason}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
        </div>
      ) : null}
    </>
  );
}
