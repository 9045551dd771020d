/**
 * Passwordless sign-in by email link (SPEC §2 magic-link modal, §4 sign-in/up modes):
 * used by the landing page's modal and the auth pages' Magic Link mode.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { sendMagicLink } from '../lib/auth/auth-api';
import { Button } from './ui/button';
import { MailIcon } from './ui/icons';
import { TextField } from './ui/input';

export const MAGIC_LINK_TEXTS = {
  invalidEmail: 'Please enter a valid email address',
  fallbackError: 'Something went wrong. Please try again.',
  sent: (email: string) => `Check your email! We've sent a magic link to ${email}`,
} as const;

interface MagicLinkFormProps {
  onSent?: (email: string) => void;
  submitLabel?: string;
}

export function MagicLinkForm({ onSent, submitLabel = 'Send Magic Link' }: MagicLinkFormProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (address: string) => sendMagicLink(address),
    onSuccess: (_data, address) => onSent?.(address),
    onError: (failure) => setError(failure.message || MAGIC_LINK_TEXTS.fallbackError),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const address = email.trim();
        if (!address.includes('@')) return setError(MAGIC_LINK_TEXTS.invalidEmail);
        setError(null);
        mutation.mutate(address);
      }}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
        data-autofocus
      />
      <Button type="submit" className="w-full" isLoading={mutation.isPending} icon={<MailIcon className="size-4" />}>
        {submitLabel}
      </Button>
      <p className="text-center text-xs text-slate-400">No passwords required — we'll email you a secure sign-in link.</p>
    </form>
  );
}
