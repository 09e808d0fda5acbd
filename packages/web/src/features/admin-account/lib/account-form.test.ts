import { describe, expect, it } from 'vitest';
import { EMPTY_ACCOUNT_FORM, validateAccountForm } from './account-form';

const form = (values: Partial<typeof EMPTY_ACCOUNT_FORM>) => ({ ...EMPTY_ACCOUNT_FORM, ...values });

describe('validateAccountForm (spec §5 "Account update")', () => {
  it('requires the current password and one of new username / new password', () => {
    expect(validateAccountForm(form({}))).toEqual({
      ok: false,
      errors: { currentPassword: 'currentRequired', form: 'nothingToUpdate' },
    });
  });

  it('refuses a new password equal to the current one, too short, or not confirmed', () => {
    expect(
      validateAccountForm(
        form({ currentPassword: 'old-password', newPassword: 'old-password', confirmPassword: 'old-password' }),
      ),
    ).toEqual({
      ok: false,
      errors: { newPassword: 'samePassword' },
    });
    expect(
      validateAccountForm(form({ currentPassword: 'old-password', newPassword: 'short', confirmPassword: 'short' })),
    ).toEqual({
      ok: false,
      errors: { newPassword: 'tooShort' },
    });
    expect(
      validateAccountForm(
        form({ currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-passw0rd' }),
      ),
    ).toEqual({
      ok: false,
      errors: { confirmPassword: 'mismatch' },
    });
  });

  it('sends only what changes', () => {
    expect(validateAccountForm(form({ currentPassword: 'old-password', newUsername: ' root ' }))).toEqual({
      ok: true,
      body: { currentPassword: 'old-password', newUsername: 'root' },
    });
    expect(
      validateAccountForm(
        form({ currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' }),
      ),
    ).toEqual({
      ok: true,
      body: { currentPassword: 'old-password', newPassword: 'new-password' },
    });
  });
});
