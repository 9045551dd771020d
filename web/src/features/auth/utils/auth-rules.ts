/** The account forms' rules and texts, word for word from SPEC §5 and §8. */

export const AUTH_TEXTS = {
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  signUpTooShort: 'Password must be at least 8 characters long',
  signUpTooWeak: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  mismatch: 'Passwords do not match',
  resetTooShort: 'Password must be at least 6 characters long',
  invalidResetSession: 'Invalid reset session. Please request a new password reset.',
  invalidResetLink: 'Invalid reset link. Please request a new password reset.',
  expiredResetLink: 'Invalid or expired reset link. Please request a new one.',
  signInInvalid: 'Invalid email or password. Please try again.',
  signInUnconfirmed: 'Please check your email and click the confirmation link before signing in.',
  fallback: 'Something went wrong. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  signUpSuccess: 'Check your email for a confirmation link to complete your account setup!',
  resetSent: 'Check your email for the password reset link!',
  passwordUpdated: 'Your password has been updated.',
  verification: 'Please complete the security verification.',
} as const;

/** The sign-up minimum (SPEC §9); reset allows 6. */
export const SIGN_UP_MIN_PASSWORD = 8;
export const RESET_MIN_PASSWORD = 6;

export function signInError(email: string, password: string, mode: 'password' | 'magic'): string | null {
  if (!email.trim() || !email.includes('@')) return AUTH_TEXTS.invalidEmail;
  if (mode === 'password' && !password) return AUTH_TEXTS.passwordRequired;
  return null;
}

export function signUpError(email: string, password: string, confirmation: string): string | null {
  if (!email.trim() || !email.includes('@')) return AUTH_TEXTS.invalidEmail;
  if (password.length < SIGN_UP_MIN_PASSWORD) return AUTH_TEXTS.signUpTooShort;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) return AUTH_TEXTS.signUpTooWeak;
  if (password !== confirmation) return AUTH_TEXTS.mismatch;
  return null;
}

export function resetPasswordError(password: string, confirmation: string, hasSession: boolean): string | null {
  if (password !== confirmation) return AUTH_TEXTS.mismatch;
  if (password.length < RESET_MIN_PASSWORD) return AUTH_TEXTS.resetTooShort;
  if (!hasSession) return AUTH_TEXTS.invalidResetSession;
  return null;
}

/** What the sign-in form shows for a backend message (SPEC §8). */
export function signInFailureText(message: string | null | undefined): string {
  if (message === 'Invalid login credentials') return AUTH_TEXTS.signInInvalid;
  if (message === 'Email not confirmed') return AUTH_TEXTS.signInUnconfirmed;
  return message || AUTH_TEXTS.fallback;
}

/** The Google popup's error texts (SPEC §8). */
export function googleErrorText(error: string): string {
  return error === 'access_denied' ? 'Access denied by user' : `Google OAuth error: ${error}`;
}

/** Two-factor texts (the spec names the MFA calls but gives no wording; these are ours). */
export const TOTP_TEXTS = {
  title: 'Two-factor authentication',
  prompt: 'Enter the 6-digit code from your authenticator app.',
  label: 'Authentication code',
  invalid: 'Enter the 6-digit code from your authenticator app',
  verify: 'Verify',
} as const;

/** A typed code without the spaces and dashes people copy along (e.g. "123 456"). */
export function normalizeTotpCode(code: string): string {
  return code.replace(/[\s-]/g, '');
}

/** Six digits, or the prompt to enter them. */
export function totpCodeError(code: string): string | null {
  return /^\d{6}$/.test(normalizeTotpCode(code)) ? null : TOTP_TEXTS.invalid;
}
