import { Permission, type PasteDto } from '@driftbox/contract';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownEditor } from '../../../components/markdown-editor/markdown-editor';
import { PasteOptionsFields } from '../../../components/paste/paste-options-fields';
import { usePasteErrorMessages } from '../../../components/paste/use-paste-error-messages';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toaster';
import { canUse } from '../../../lib/auth/admin-access';
import { useAuth } from '../../../lib/auth/auth-store';
import {
  buildCreateBody,
  emptyPasteForm,
  fieldErrorsFromApi,
  saveErrorOf,
  type PasteFormValues,
} from '../../../lib/forms/paste-form';
import { useCreatePaste } from '../api/create-paste';
import { useDraft } from '../hooks/use-draft';
import { DraftActions } from './draft-actions';
import { EditorStatus, SyntaxTips } from './editor-status';
import { LoginNotice } from './login-notice';
import { isApiError } from '../../../lib/api/api-error';
import { PasteCreatedCard } from './paste-created-card';
import { PasteWaitingCard } from './paste-waiting-card';

/** Home: write Markdown with a live preview, choose the options, and share it. */
export function PasteEditorPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const noticeId = useId();
  const draft = useDraft();
  const [options, setOptions] = useState<PasteFormValues>(() => emptyPasteForm());
  const [created, setCreated] = useState<PasteDto | null>(null);
  const [queuedId, setQueuedId] = useState<number | null>(null);
  const { errors, setCodes, formError, setFormError } = usePasteErrorMessages();
  const create = useCreatePaste();
  const blocked = auth.kind === 'none' ? 'signedOut' : !canUse(auth, Permission.TEXT) ? 'noTextPermission' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const result = buildCreateBody({ ...options, content: draft.content });
    if (!result.ok) return setCodes(result.errors);
    setCodes({});
    create.mutate(result.body, {
      onSuccess: (paste) => {
        setCreated(paste);
        draft.discard(result.body.content);
        toast.success(t('paste.created.toast'));
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'QUEUED_OFFLINE' && error.queueId !== undefined) {
          setQueuedId(error.queueId);
          draft.discard(result.body.content);
          return;
        }
        const fields = fieldErrorsFromApi(error);
        setCodes(fields);
        if (Object.keys(fields).length === 0) setFormError(saveErrorOf(error), error);
      },
    });
  }

  function startOver() {
    draft.clear();
    setOptions(emptyPasteForm());
    setCreated(null);
    setQueuedId(null);
    setCodes({});
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-fg sm:text-2xl">{t('paste.editor.title')}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t('paste.editor.description')}</p>
        </div>
        <DraftActions hasContent={draft.content !== ''} onImport={draft.update} onClear={draft.clear} />
      </div>

      <MarkdownEditor value={draft.content} onChange={draft.update} />
      <EditorStatus content={draft.content} draft={draft.status} />
      {errors.content ? (
        <p role="alert" className="mt-2 px-1 text-sm font-medium text-danger-text">
          {errors.content}
        </p>
      ) : null}

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Card>
          <CardHeader title={t('paste.options.title')} description={t('paste.options.description')} />
          <form onSubmit={submit} noValidate className="flex flex-col gap-5 px-5 py-5">
            {blocked ? <LoginNotice id={noticeId} reason={blocked} /> : null}
            <PasteOptionsFields values={options} onChange={setOptions} errors={errors} mode="create" />
            <FormError message={formError} />
            <div className="flex justify-end border-t border-line pt-4">
              <Button
                type="submit"
                icon={<Send />}
                loading={create.isPending}
                disabled={blocked !== null}
                aria-describedby={blocked ? noticeId : undefined}
                className="w-full sm:w-auto"
              >
                {t('paste.create.submit')}
              </Button>
            </div>
          </form>
        </Card>
        {created ? (
          <PasteCreatedCard paste={created} onNew={startOver} />
        ) : queuedId !== null ? (
          <PasteWaitingCard queueId={queuedId} onSynced={setCreated} onNew={startOver} />
        ) : (
          <SyntaxTips />
        )}
      </div>
    </div>
  );
}
