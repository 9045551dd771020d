import { describe, expect, it } from 'vitest';
import {
  googleErrorText,
  resetPasswordError,
  signInError,
  signInFailureText,
  signUpError,
} from '../../web/src/features/auth/utils/auth-rules';

describe('sign-in validation and messages (SPEC §5, §8)', () => {
  it('needs an email with @ and, in password mode, a password', () => {
    expect(signInError('', 'x', 'password')).toBe('Please enter a valid email address');
    expect(signInError('buyer.example.com', 'x', 'password')).toBe('Please enter a valid email address');
    expect(signInError('buyer@example.com', '', 'password')).toBe('Password is required');
    expect(signInError('buyer@example.com', '', 'magic')).toBeNull();
  });
  it('translates the backend messages', () => {
    expect(signInFailureText('Invalid login credentials')).toBe('Invalid email or password. Please try again.');
    expect(signInFailureText('Email not confirmed')).toBe('Please check your email and click the confirmation link before signing in.');
    expect(signInFailureText('Too many requests. Please try again later.')).toBe('Too many requests. Please try again later.');
    expect(signInFailureText('')).toBe('Something went wrong. Please try again.');
  });
});

describe('sign-up validation (8+ characters, mixed case and a digit, matching)', () => {
  it('checks each rule with its text', () => {
    expect(signUpError('nope', 'Abcdefg1', 'Abcdefg1')).toBe('Please enter a valid email address');
    expect(signUpError('a@b.co', 'Abc1', 'Abc1')).toBe('Password must be at least 8 characters long');
    expect(signUpError('a@b.co', 'abcdefgh1', 'abcdefgh1')).toBe(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    );
    expect(signUpError('a@b.co', 'Abcdefgh1', 'Abcdefgh2')).toBe('Passwords do not match');
    expect(signUpError('a@b.co', 'Abcdefgh1', 'Abcdefgh1')).toBeNull();
  });
});

describe('reset-password validation (6+ characters, unlike sign-up)', () => {
  it('checks match, length and the reset session', () => {
    expect(resetPasswordError('abcdef', 'abcdeg', true)).toBe('Passwords do not match');
    expect(resetPasswordError('abcde', 'abcde', true)).toBe('Password must be at least 6 characters long');
    expect(resetPasswordError('abcdef', 'abcdef', false)).toBe('Invalid reset session. Please request a new password reset.');
    expect(resetPasswordError('abcdef', 'abcdef', true)).toBeNull();
  });
});

describe('Google popup errors', () => {
  it('maps access_denied and prefixes other codes', () => {
    expect(googleErrorText('access_denied')).toBe('Access denied by user');
    expect(googleErrorText('server_error')).toBe('Google OAuth error: server_error');
  });
});
