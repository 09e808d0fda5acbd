import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import type { ConflictChoice, FsUploadItem } from '../lib/fs-upload-store';

/** Asks what to do with a file whose name is taken in its folder: replace, keep both, or skip (for the rest too). */
export function FsConflictDialog({
  item,
  others,
  onChoose,
}: {
  item: FsUploadItem;
  /** Further files waiting with a conflict (the "same for all" offer shows when there are). */
  others: number;
  onChoose: (choice: ConflictChoice, forAll: boolean) => void;
}) {
  const { t } = useTranslation();
  const [forAll, setForAll] = useState(false);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onChoose('skip', false))}
      title={t('fsUpload.conflict.title')}
      description={t('fsUpload.conflict.description', { name: item.name, folder: item.folder })}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onChoose('skip', forAll)}>
            {t('fsUpload.conflict.skip')}
          </Button>
          <Button variant="outline" onClick={() => onChoose('keep-both', forAll)}>
            {t('fsUpload.conflict.keepBoth')}
          </Button>
          <Button variant="danger" onClick={() => onChoose('replace', forAll)}>
            {t('fsUpload.conflict.replace')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">{t('fsUpload.conflict.keepBothHint')}</p>
      <CheckboxField
        className="mt-4"
        checked={forAll}
        onCheckedChange={setForAll}
        label={t('fsUpload.conflict.forAll')}
        description={others > 0 ? t('fsUpload.conflict.waiting', { count: others }) : undefined}
      />
    </Dialog>
  );
}
