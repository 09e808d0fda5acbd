import { CONTENT_LIMIT_BYTES } from '@driftbox/contract';
import { Eraser, FileUp } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';

/** Spec §5: the Markdown extensions the editor imports. */
const MARKDOWN_ACCEPT = '.md,.markdown,.mdown,.mkd,.mdwn,.mdtxt,.mdtext,.rmd,.txt,text/markdown,text/plain';

export interface DraftActionsProps {
  hasContent: boolean;
  onImport: (text: string) => void;
  onClear: () => void;
}

/** Import a local Markdown file into the editor, and clear the draft (asking once). */
export function DraftActions({ hasContent, onImport, onClear }: DraftActionsProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // File sizes are bytes, like the limit: refuse before reading 100 MB into memory.
    if (file.size > CONTENT_LIMIT_BYTES) {
      toast.error(t('paste.form.errors.contentTooLarge'));
      return;
    }
    try {
      onImport(await file.text());
      toast.success(t('paste.editor.imported', { name: file.name }));
    } catch {
      toast.error(t('paste.editor.importFailed'));
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <input
        ref={input}
        type="file"
        accept={MARKDOWN_ACCEPT}
        className="hidden"
        onChange={(event) => void importFile(event)}
        aria-hidden="true"
        tabIndex={-1}
      />
      <Button variant="outline" size="sm" icon={<FileUp />} onClick={() => input.current?.click()}>
        {t('paste.editor.import')}
      </Button>
      <Button variant="ghost" size="sm" icon={<Eraser />} onClick={() => setConfirming(true)} disabled={!hasContent}>
        {t('paste.editor.draft.clear')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('paste.editor.draft.confirmTitle')}
        description={t('paste.editor.draft.confirmDescription')}
        confirmLabel={t('paste.editor.draft.confirm')}
        onConfirm={() => {
          onClear();
          setConfirming(false);
        }}
      />
    </div>
  );
}
