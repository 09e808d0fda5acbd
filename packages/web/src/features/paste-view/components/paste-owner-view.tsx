import type { PasteDetailDto } from '@driftbox/contract';
import { Hourglass, Pencil, UserRoundCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasteEditForm } from '../../../components/paste/paste-edit-form';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toaster';
import { pasteDeadReason } from '../../../lib/shares/share-status';
import { useUpdatePaste } from '../../../lib/api/update-paste';
import { PasteDocument } from './paste-document';
import { ShareNotice } from '../../../components/share/share-notice';

/**
 * The owner's view (the admin, or the key that created the paste): read without counting a view,
 * and edit in place. An expired or used-up paste can be brought back by editing it.
 */
export function PasteOwnerView({ paste, now }: { paste: PasteDetailDto; now: number }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Saved or cancelled: the form is gone, so focus goes back to Edit rather than to the page's body.
  useEffect(() => {
    if (editing) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  const update = useUpdatePaste({ seedOwnPaste: true });
  const dead = pasteDeadReason(paste, now);
  // The server's raw link counts a view (and wants the password): the owner's Raw opens the text at hand.
  const rawHref = useTextUrl(paste.content);

  if (editing) {
    return (
      <Card className="mx-auto max-w-6xl">
        <CardHeader title={t('paste.view.editTitle')} description={t('paste.view.editDescription')} />
        <div className="px-5 py-5">
          <PasteEditForm
            paste={paste}
            allowSlug={false}
            onSave={(body) => update.mutateAsync({ id: paste.id, body })}
            onDone={(saved) => {
              if (saved) toast.success(t('paste.view.saved'));
              setEditing(false);
            }}
          />
        </div>
      </Card>
    );
  }

  const notice = (
    <>
      {dead ? (
        <ShareNotice
          className="mb-4"
          icon={Hourglass}
          tone="warning"
          title={t(dead === 'expired' ? 'paste.view.owner.expired' : 'paste.view.owner.usedUp')}
        >
          {t('paste.view.owner.revive')}
        </ShareNotice>
      ) : null}
      <ShareNotice className="mb-4" icon={UserRoundCheck} tone="info" title={t('paste.view.owner.title')}>
        {t('paste.view.owner.description')}
      </ShareNotice>
    </>
  );

  return (
    <PasteDocument
      rawHref={rawHref}
      paste={{
        slug: paste.slug,
        content: paste.content,
        remark: paste.remark,
        title: paste.title,
        createdAt: paste.created_at,
        views: paste.view_count,
        maxViews: paste.max_views,
        expiresAt: paste.expires_at,
        hasPassword: paste.has_password,
      }}
      notice={notice}
      actions={
        <Button ref={editButton} size="sm" icon={<Pencil />} onClick={() => setEditing(true)}>
          {t('paste.view.edit')}
        </Button>
      }
    />
  );
}

/** A `blob:` URL of `text` as plain UTF-8, revoked when the text changes or the page goes. */
function useTextUrl(text: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const next = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [text]);
  return url;
}
