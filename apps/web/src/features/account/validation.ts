/**
 * Form checks before anything is sent, using the protocol's own rules so the client and the
 * server never disagree. Results are i18n keys (with params) for inline messages.
 */
import { Email, Password } from '@smoulder/protocol';

export interface FieldError {
  key: string;
  params?: Record<string, number | string>;
}

export interface CredentialErrors {
  email?: FieldError;
  password?: FieldError;
}

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** `claim` applies the password rules; `sign_in` only needs something typed. */
export function checkCredentials(email: string, password: string, mode: 'claim' | 'sign_in'): CredentialErrors {
  const errors: CredentialErrors = {};
  if (email.trim() === '') errors.email = { key: 'account.form.required' };
  else if (!Email.safeParse(email).success) errors.email = { key: 'account.form.email_invalid' };

  if (password === '') errors.password = { key: 'account.form.required' };
  else if (mode === 'claim' && !Password.safeParse(password).success) {
    errors.password =
      password.length < PASSWORD_MIN
        ? { key: 'account.form.password_short', params: { min: PASSWORD_MIN } }
        : { key: 'account.form.password_long', params: { max: PASSWORD_MAX } };
  } else if (password.length > PASSWORD_MAX) {
    errors.password = { key: 'account.form.password_long', params: { max: PASSWORD_MAX } };
  }
  return errors;
}

export function hasErrors(errors: CredentialErrors): boolean {
  return errors.email !== undefined || errors.password !== undefined;
}

/** The server's issues ("email: …", "password: …") pinned to the field they name. */
export function issuesToFields(issues: readonly string[] | undefined): CredentialErrors {
  const errors: CredentialErrors = {};
  for (const issue of issues ?? []) {
    if (issue.startsWith('email')) errors.email = { key: 'account.form.email_invalid' };
    else if (issue.startsWith('password')) errors.password = { key: 'account.form.password_rules', params: { min: PASSWORD_MIN, max: PASSWORD_MAX } };
  }
  return errors;
}
