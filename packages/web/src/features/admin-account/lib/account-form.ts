import { ChangePasswordBody, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@driftbox/contract';

export interface AccountFormValues {
  currentPassword: string;
  newUsername: string;
  newPassword: string;
  confirmPassword: string;
}

export type AccountField = keyof AccountFormValues | 'form';

/** Error codes translated under `account.errors.*`. */
export type AccountFieldError =
  'currentRequired' | 'nothingToUpdate' | 'tooShort' | 'tooLong' | 'usernameTooLong' | 'samePassword' | 'mismatch';

export type AccountFormErrors = Partial<Record<AccountField, AccountFieldError>>;

export const EMPTY_ACCOUNT_FORM: AccountFormValues = {
  currentPassword: '',
  newUsername: '',
  newPassword: '',
  confirmPassword: '',
};

/**
 * Spec §5 "Account update": current password required; at least one of new username or new
 * password; the new password differs from the current one; the confirmation matches.
 */
export function validateAccountForm(
  values: AccountFormValues,
): { ok: true; body: ChangePasswordBody } | { ok: false; errors: AccountFormErrors } {
  const errors: AccountFormErrors = {};
  const newUsername = values.newUsername.trim();
  if (values.currentPassword === '') errors.currentPassword = 'currentRequired';
  if (newUsername === '' && values.newPassword === '') errors.form = 'nothingToUpdate';
  if (newUsername.length > USERNAME_MAX) errors.newUsername = 'usernameTooLong';
  if (values.newPassword !== '') {
    if (values.newPassword.length < PASSWORD_MIN) errors.newPassword = 'tooShort';
    else if (values.newPassword.length > PASSWORD_MAX) errors.newPassword = 'tooLong';
    else if (values.newPassword === values.currentPassword) errors.newPassword = 'samePassword';
    if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'mismatch';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const body = {
    currentPassword: values.currentPassword,
    ...(values.newPassword ? { newPassword: values.newPassword } : {}),
    ...(newUsername ? { newUsername } : {}),
  };
  // The contract schema is the final word; the checks above exist to name the failing field.
  const parsed = ChangePasswordBody.safeParse(body);
  if (!parsed.success) return { ok: false, errors: { form: 'nothingToUpdate' } };
  return { ok: true, body };
}
