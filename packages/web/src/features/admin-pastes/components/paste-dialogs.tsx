import type { PasteListItemDto } from '@driftbox/contract';
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownState } from '../../../components/markdown/markdown-body';
import { useRenderedMarkdown } from '../../../components/markdown/use-rendered-markdown';
import { PasteEditForm } from '../../../components/paste/paste-edit-form';
import { CopyField } from '../../../components/share/copy-field';
import { QrCode } from '../../../components/share/qr-code';
import { Dialog, DialogBody } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { pasteShareUrl } from '../../../lib/shares/paste-links';
import { usePaste } from '../api/get-paste';
import { useUpdatePaste } from '../../../lib/api/update-paste';

interface PasteDialogProps {
  paste: PasteListItemDto | null;
  onClose: () => void;
}

/** The rendered content, loaded through the management detail so the preview counts no view. */
export function PastePreviewDialog({ paste, onClose }: PasteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={paste !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('texts.preview.title', { slug: paste?.slug ?? '' })}
      size="xl"
    >
      {paste ? <PreviewBody id={paste.id} /> : null}
    </Dialog>
  );
}

function PreviewBody({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = usePaste(id);
  const rendered = useRenderedMarkdown(detail.data?.content ?? '');
  if (detail.isPending) return <DetailLoading />;
  if (detail.isError)
    return (
      <ErrorState
        title={t('texts.errors.loadOne')}
        message={errorMessage(detail.error)}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
      />
    );
  return <MarkdownState state={rendered} />;
}

export function PasteQrDialog({ paste, onClose }: PasteDialogProps) {
  const { t } = useTranslation();
  const link = paste ? pasteShareUrl(paste.slug) : '';
  return (
    <Dialog
      open={paste !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('texts.qr.title', { slug: paste?.slug ?? '' })}
      description={t('texts.qr.description')}
      size="sm"
    >
      {paste ? (
        <div className="flex flex-col gap-4">
          <QrCode value={link} label={t('texts.qr.label', { slug: paste.slug })} size={200} className="self-center" />
          <CopyField
            label={t('paste.created.link')}
            value={link}
            copyLabel={t('paste.created.copyLink')}
            copiedMessage={t('paste.created.linkCopied')}
          />
        </div>
      ) : null}
    </Dialog>
  );
}

/** Every field of the paste, including a new link; loads the full content first. */
export function PasteEditDialog({ paste, onClose }: PasteDialogProps) {
  const { t } = useTranslation();
  // The form, once loaded, decides how to close: it asks before dropping unsaved changes.
  const closeRef = useRef<(() => void) | null>(null);
  const close = () => (closeRef.current ? closeRef.current() : onClose());
  return (
    <Dialog
      open={paste !== null}
      onOpenChange={(open) => !open && close()}
      title={t('texts.edit.title', { slug: paste?.slug ?? '' })}
      description={t('texts.edit.description')}
      size="xl"
      bare
    >
      {paste ? <EditBody id={paste.id} onClose={onClose} closeRef={closeRef} /> : null}
    </Dialog>
  );
}

function EditBody({
  id,
  onClose,
  closeRef,
}: {
  id: string;
  onClose: () => void;
  closeRef: RefObject<(() => void) | null>;
}) {
  const { t } = useTranslation();
  const detail = usePaste(id);
  const update = useUpdatePaste();
  if (detail.isPending || detail.isError) {
    return (
      <DialogBody>
        {detail.isPending ? (
          <DetailLoading />
        ) : (
          <ErrorState
            title={t('texts.errors.loadOne')}
            message={errorMessage(detail.error)}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        )}
      </DialogBody>
    );
  }
  return (
    <PasteEditForm
      paste={detail.data}
      layout="dialog"
      allowSlug
      editorHeightClass="h-72"
      closeRef={closeRef}
      onSave={(body) => update.mutateAsync({ id, body })}
      onDone={(saved) => {
        if (saved) toast.success(t('texts.toast.updated', { slug: saved.slug }));
        onClose();
      }}
    />
  );
}

function DetailLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" role="status" aria-label={t('common.loading')}>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-4/5" />
    </div>
  );
}
