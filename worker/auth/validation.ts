/**
 * The account rules of SPEC §5, enforced on the server with the spec's own texts, and the
 * error texts of the auth API (GoTrue's wording where the client maps it, SPEC §8).
 */
import { isDeliverableAddress } from '../lib/email-address';
import { badRequest } from '../lib/http';

export const AUTH_ERRORS = {
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooWeak: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  newPasswordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 256 characters long',
  captcha: 'Please complete the security verification.',
  captchaRequired: 'Too many failed sign-in attempts for this email. Please complete the security verification.',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  unsupportedGrant: 'Unsupported grant type',
  refreshTokenRequired: 'Refresh token is required',
  emailChangeUnsupported: 'Changing the email address is not supported',
  unsupportedResendType: 'Only sign-up confirmations can be resent',
} as const;

/** Answer to every sign-up, whether or not the address already has an account. */
export const SIGNUP_MESSAGE = 'Check your email for a confirmation link to complete your account setup!';

/** Passwords longer than this are refused before hashing (bounds the work per request). */
export const PASSWORD_MAX_LENGTH = 256;

/** An address with a local part and a domain (the UI only checks for `@`). */
export function assertEmail(email: string): void {
  if (!isDeliverableAddress(email)) throw badRequest(AUTH_ERRORS.invalidEmail, 'INVALID_EMAIL');
}

/** Sign-up: at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export function assertSignupPassword(password: string): void {
  if (password.length < 8) throw badRequest(AUTH_ERRORS.passwordTooShort, 'WEAK_PASSWORD');
  if (password.length > PASSWORD_MAX_LENGTH) throw badRequest(AUTH_ERRORS.passwordTooLong, 'WEAK_PASSWORD');
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
    throw badRequest(AUTH_ERRORS.passwordTooWeak, 'WEAK_PASSWORD');
  }
}

/** Reset / update: at least 6 characters (the spec's reset rule differs from sign-up's 8). */
export function assertNewPassword(password: string): void {
  if (password.length < 6) throw badRequest(AUTH_ERRORS.newPasswordTooShort, 'WEAK_PASSWORD');
  if (password.length > PASSWORD_MAX_LENGTH) throw badRequest(AUTH_ERRORS.passwordTooLong, 'WEAK_PASSWORD');
}
