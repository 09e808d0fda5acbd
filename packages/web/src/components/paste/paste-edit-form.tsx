import type { PasteDetailDto, PasteUpdateBody } from '@driftbox/contract';
import { useImperativeHandle, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useStickyBottomInset } from '../../lib/hooks/use-sticky-inset';
import {
  buildUpdateBody,
  fieldErrorsFromApi,
  pasteFormFromDetail,
  saveErrorOf,
  type PasteFormValues,
} from '../../lib/forms/paste-form';
import { MarkdownEditor } from '../markdown-editor/markdown-editor';
import { Button } from '../ui/button';
import { DialogBody, DialogFooter } from '../ui/dialog';
import { FormError } from '../ui/field';
import { useDirty, useDiscardGuard } from '../ui/form-dialog';
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
  /**
   * 'dialog': the form fills a bare Dialog, its fields in the scrolling body and Cancel/Save in the
   * dialog's footer like every other dialog; 'page' (default): a sticky bar under the fields.
   */
  layout?: 'page' | 'dialog';
  /** Set to the form's own close request (it asks before dropping changes), for the dialog around it. */
  closeRef?: RefObject<(() => void) | null>;
}

/** Edits every field of a paste (content, link, remark, expiry, max views, password) and sends only what changed. */
export function PasteEditForm({
  paste,
  onSave,
  onDone,
  allowSlug,
  editorHeightClass,
  layout = 'page',
  closeRef,
}: PasteEditFormProps) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<PasteFormValues>(() => pasteFormFromDetail(paste));
  const [saving, setSaving] = useState(false);
  const { requestClose, confirm } = useDiscardGuard(useDirty(values), saving, () => onDone(null));
  useImperativeHandle(closeRef, () => requestClose);
  const { errors, setCodes, formError, setFormError } = usePasteErrorMessages();
  const bar = useRef<HTMLDivElement>(null);
  useStickyBottomInset(bar, 0, layout === 'page');

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

  const currentExpiry = paste.expires_at ? formatDateTime(paste.expires_at, i18n.language) : null;

  const fields = (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <MarkdownEditor
          value={values.content}
          onChange={(content) => setValues((current) => ({ ...current, content }))}
          defaultMode="write"
          heightClass={editorHeightClass}
          // Editing starts where the text is, not on the dialog's Close far below it.
          autoFocus
        />
        {errors.content ? (
          <p className="text-xs font-medium text-danger-text" role="alert">
            {errors.content}
          </p>
        ) : null}
      </div>
      <PasteOptionsFields
        values={values}
        onChange={setValues}
        errors={errors}
        mode="edit"
        hasPassword={paste.has_password}
        currentExpiry={currentExpiry}
        hideSlug={!allowSlug}
      />
      <FormError message={formError} />
    </div>
  );
  const actions = (
    <>
      <Button variant="outline" onClick={requestClose} disabled={saving}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {t('paste.form.save')}
      </Button>
    </>
  );

  if (layout === 'dialog') {
    return (
      <form onSubmit={(event) => void submit(event)} noValidate className="flex min-h-0 flex-1 flex-col">
        <DialogBody>{fields}</DialogBody>
        <DialogFooter>{actions}</DialogFooter>
        {confirm}
      </form>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
      {fields}
      {/* Sticky, so Save stays in reach below a long editor; stacked on phones like a dialog's footer. */}
      <div
        ref={bar}
        className="sticky bottom-0 z-10 flex flex-col-reverse gap-2 border-t border-line bg-surface py-3 sm:flex-row sm:justify-end"
      >
        {actions}
      </div>
      {confirm}
    </form>
  );
}
