// Before any schema is built: zod must not probe `new Function` in a browser (our CSP forbids eval).
import '#app/lib/zod-jitless.ts'
import { z } from 'zod'

export const NAME_MAX_LENGTH = 100

/** The name staff are shown by (the admin bar, the staff list). */
export const AccountNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter your name')
    .max(NAME_MAX_LENGTH, `At most ${NAME_MAX_LENGTH} characters`),
})

/** A new sign-in address, confirmed by the current password. */
export const EmailChangeSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Enter the new e-mail address')
    .max(254, 'At most 254 characters')
    .pipe(z.email('Enter an e-mail address such as name@example.org')),
  current_password: z.string().min(1, 'Enter your current password'),
})

/** A new password: the current one, the new one twice (the policy itself is checked on the server). */
export const PasswordChangeSchema = z
  .object({
    current_password: z.string().min(1, 'Enter your current password'),
    new_password: z.string().min(1, 'Enter a new password'),
    confirm_password: z.string(),
    sign_out_others: z.preprocess((value) => value === 'on' || value === true, z.boolean()),
  })
  .refine((value) => value.new_password === value.confirm_password, {
    path: ['confirm_password'],
    message: 'The two new passwords are not the same',
  })

/** The first code from the authenticator app, or a code at sign-in: six digits (spaces allowed). */
export const TotpCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'))
