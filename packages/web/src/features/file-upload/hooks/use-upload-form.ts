import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildShareOptions,
  emptyUploadForm,
  type UploadField,
  type UploadFormErrors,
  type UploadFormValues,
} from '../lib/upload-form';

/**
 * The upload options form of /upload: its values, the refused fields (codes, and their messages) and the
 * error beside the Files tab's button. Shared by the Files and URL tabs, which send with the same options.
 */
export function useUploadForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<UploadFormValues>(() => emptyUploadForm());
  const [codes, setCodes] = useState<UploadFormErrors>({});
  const [formError, setFormError] = useState<string>();

  /** Changes the form; a field's old error goes with its old value. */
  function changeValues(next: UploadFormValues) {
    setValues(next);
    // Another storage checks the files again: an earlier "no file can start" may no longer hold.
    if (next.configId !== values.configId) setFormError(undefined);
    const changed = (Object.keys(codes) as UploadField[]).filter((field) => next[field] !== values[field]);
    if (changed.length === 0) return;
    setCodes((c) => Object.fromEntries(Object.entries(c).filter(([field]) => !changed.includes(field as UploadField))));
    // Every refused field was edited: "check the share options" no longer points at anything.
    if (changed.length === Object.keys(codes).length)
      setFormError((e) => (e === t('upload.errors.checkOptions') ? undefined : e));
  }

  /** The server found the custom link taken: put it back in the field, marked, to be changed before a retry. */
  const markSlugTaken = useCallback((slug: string | undefined) => {
    if (slug) setValues((v) => (v.slug.trim() ? v : { ...v, slug }));
    setCodes((c) => ({ ...c, slug: 'slugTaken' }));
  }, []);

  const errors = useMemo(
    () => Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, t(`upload.form.errors.${code}`)])),
    [codes, t],
  );

  /** The options, or null with the refused fields marked; the Files tab says so beside its button (the URL tab, beside its own). */
  function validOptions(single: boolean, inFilesTab = true) {
    const result = buildShareOptions(values, single);
    if (!result.ok) {
      setCodes(result.errors);
      if (inFilesTab) setFormError(t('upload.errors.checkOptions'));
      return null;
    }
    setCodes({});
    if (inFilesTab) setFormError(undefined);
    return result.options;
  }

  return {
    values,
    setValues,
    codes,
    setCodes,
    formError,
    setFormError,
    errors,
    changeValues,
    markSlugTaken,
    validOptions,
  };
}
