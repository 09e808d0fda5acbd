import type { PasteDetailDto, PasteUpdateBody } from '@driftbox/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { buildUpdateBody, fieldErrorsFromApi, pasteFormFromDetail, saveErrorOf, type PasteFormValues } from '../../lib/paste-form';
import { MarkdownEditor } from '../markdown-editor/markdown-editor';
import { Button } from '../ui/button';
import { FormError } from '../ui/field';
import { PasteOptionsFields } from './paste-options-fields';
import { usePasteErrorMessages } from './use-paste-error-messages';

export interface PasteEditFormProps {
  paste: PasteDetailDto;
  /** Saves the changes; rejects with the API error. */
  onSave: (body: PasteUpdateBody) => Promise<PasteDetailDto>;
  onDone: (saved: PasteDetailDto | null) => void;
  /** The paste page edits in place at a fixed address; the admin list may also change the link. */
  allowSlug: boolean;
  editorHeightClass?: string;
}

/** Edits every field of a paste (content, link, remark, expiry, max views, password) and sends only what changed. */
export function PasteEditForm({ paste, onSave, onDone, allowSlug, editorHeightClass }: PasteEditFormProps) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<PasteFormValues>(() => pasteFormFromDetail(paste));
  const [saving, setSaving] = useState(false);
  const { errors, setCodes, formError, setFormError } = usePasteErrorMessages();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const result = buildUpdateBody(values, paste);
    if (!result.ok) return setCodes(result.errors);
    setCodes({});
    if (Object.keys(result.body).length === 0) return onDone(null);
    setSaving(true);
    try {
      onDone(await onSave(result.body));
    } catch (error) {
      const fields = fieldErrorsFromApi(error);
      setCodes(fields);
      if (Object.keys(fields).length === 0) setFormError(saveErrorOf(error), error);
    } finally {
      setSaving(false);
    }
  }

  const currentExpiry = paste.expires_at ? formatDateTime(paste.expires_at, i18n.language) : t('paste.form.expiryOptions.never');

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <MarkdownEditor value={values.content} onChange={(content) => setValues((current) => ({ ...current, content }))} defaultMode="write" heightClass={editorHeightClass} />
        {errors.content ? (
          <p className="text-xs font-medium text-danger-text" role="alert">
            {errors.content}
          </p>
        ) : null}
      </div>
      <PasteOptionsFields values={values} onChange={setValues} errors={errors} mode="edit" hasPassword={paste.has_password} currentExpiry={currentExpiry} hideSlug={!allowSlug} />
      <FormError message={formError} />
      {/* Sticky, so Save stays in reach below a long editor (in a dialog and on the page). */}
      <div className="sticky bottom-0 z-10 -mt-2 flex justify-end gap-2 border-t border-line bg-surface py-3">
        <Button variant="outline" onClick={() => onDone(null)} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {t('paste.form.save')}
        </Button>
      </div>
    </form>
  );
}
