/** /forgot-password (SPEC §2, §8): email a reset link. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { FormMessage, TextField } from '../../../components/ui/input';
import { sendPasswordReset } from '../../../lib/auth/auth-api';
import { AUTH_TEXTS } from '../utils/auth-rules';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => sendPasswordReset(email.trim()),
    onError: (failure) => setError(failure.message || AUTH_TEXTS.unexpected),
  });
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter your email and we'll send you a link to set a new password."
      footer={<BackToSignIn />}
    >
      {mutation.isSuccess ? (
        <FormMessage tone="success">{AUTH_TEXTS.resetSent}</FormMessage>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!email.includes('@')) return setError(AUTH_TEXTS.invalidEmail);
            setError(null);
            mutation.mutate();
          }}
        >
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" className="w-full" isLoading={mutation.isPending}>
            Send Reset Link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

export function BackToSignIn() {
  return (
    <Link to="/sign-in" className="inline-flex items-center gap-1.5 font-medium text-indigo-300 hover:text-indigo-200">
      <ArrowLeftIcon className="size-4" />
      Back to sign in
    </Link>
  );
}
