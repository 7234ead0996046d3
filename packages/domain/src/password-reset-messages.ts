/** Messages of the password-reset pages, kept free of zod so pages can show them before the schemas load. */
export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not the account exists (no account enumeration). */
  sent: 'If an account exists for that e-mail, we have sent a link to reset the password.',
  invalidToken: 'This reset link is invalid or has expired. Please request a new one.',
  done: 'Your password has been reset. Please log in with your new password.',
} as const;

/** One hour, single use (issue 4). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
