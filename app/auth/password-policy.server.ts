import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * The one password policy (decision 0015), for every password a person chooses: an invitation's, a reset's, a
 * change on their account, `npm run admin` and ADMIN_PASSWORD. At least 10 characters and at most 128, not one of
 * the ~49,000 most common passwords (zxcvbn-ts's list, kept offline in the package), not the person's e-mail
 * address or its name part, and not one character repeated.
 */
export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 128

let common: Set<string> | null = null

function commonPasswords() {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()))
  return common
}

/** Why this password may not be used, in words for the person choosing it; null when it is fine. */
export function passwordProblem(password: string, { email }: { email?: string } = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters (a few words together are easy to remember)`
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters`
  }
  const lower = password.toLowerCase()
  if (commonPasswords().has(lower) || /^(.)\1*$/u.test(password)) {
    return 'This password is one of the most common ones, which are tried first: choose another'
  }
  if (email) {
    const address = email.trim().toLowerCase()
    if (lower === address || lower === address.split('@')[0]) {
      return 'Choose a password that is not your e-mail address'
    }
  }
  return null
}

export class WeakPasswordError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WeakPasswordError'
  }
}

/** Throws WeakPasswordError with the reason when the password may not be used. */
export function assertPasswordAllowed(password: string, options: { email?: string } = {}) {
  const problem = passwordProblem(password, options)
  if (problem) throw new WeakPasswordError(problem)
}
