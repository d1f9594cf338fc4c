import { z } from 'zod';

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'not a valid email address' }));
export const Password = z
  .string()
  .min(10, { error: 'the password needs at least 10 characters' })
  .max(200, { error: 'the password may have at most 200 characters' });

export const CredentialsBody = z.object({ email: Email, password: Password }).strict();
export type CredentialsBody = z.infer<typeof CredentialsBody>;

/** Login only checks shape; strength rules apply when a password is chosen. */
export const LoginBody = z.object({ email: Email, password: z.string().min(1).max(200) }).strict();
export type LoginBody = z.infer<typeof LoginBody>;

export const Me = z.object({
  id: z.string(),
  email: z.string().nullable(),
  guest: z.boolean(),
  admin: z.boolean(),
});
export type Me = z.infer<typeof Me>;

export const MeResponse = z.object({ user: Me });
export type MeResponse = z.infer<typeof MeResponse>;

export const HttpErrorCode = z.enum([
  'auth/required',
  'auth/invalid_credentials',
  'auth/email_taken',
  'auth/already_claimed',
  'auth/forbidden',
  'auth/wrong_password',
  'auth/confirmation_mismatch',
  'import/not_json',
  'import/not_ours',
  'import/tampered',
  'import/invalid',
  // The original 2013 game's save codes (POST /api/account/import/original).
  'import/not_base64',
  'import/too_large',
  'import/bad_value',
  'import/unknown_key',
  'import/too_deep',
  'import/not_original',
  'request/invalid',
  'request/too_large',
  'request/rate_limited',
  'request/cross_origin',
  'request/not_found',
  'server/error',
]);
export type HttpErrorCode = z.infer<typeof HttpErrorCode>;

export const HttpError = z.object({
  error: z.object({ code: HttpErrorCode, message: z.string(), issues: z.array(z.string()).optional() }),
});
export type HttpError = z.infer<typeof HttpError>;
