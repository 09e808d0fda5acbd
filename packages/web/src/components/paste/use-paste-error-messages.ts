import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/error-message';
import type { PasteField, PasteFormErrors, PasteSaveError } from '../../lib/forms/paste-form';

/** Field and form errors of a paste form, kept as codes and translated on render (a language switch follows). */
export function usePasteErrorMessages() {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<PasteFormErrors>({});
  const [form, setForm] = useState<{ code: PasteSaveError; detail: string | undefined }>();

  const errors: Partial<Record<PasteField, string>> = {};
  for (const [field, code] of Object.entries(codes) as [PasteField, NonNullable<PasteFormErrors[PasteField]>][]) {
    errors[field] = t(`paste.form.errors.${code}`);
  }

  const formError = form ? [t(`paste.errors.${form.code}`), form.detail].filter(Boolean).join(': ') : undefined;

  /** A form-level failure; for a generic save failure the server's reason is appended. */
  function setFormError(code: PasteSaveError | undefined, error?: unknown) {
    setForm(
      code
        ? { code, detail: code === 'saveFailed' && error !== undefined ? errorMessage(error) : undefined }
        : undefined,
    );
  }

  return { errors, codes, setCodes, formError, setFormError };
}
