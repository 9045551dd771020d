/**
 * /reset-password (SPEC §4, §5, §8): ready only when the URL carries type=recovery with
 * both tokens; on success a toast shows and the app goes to /analysis after 2 seconds.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { sessionFromUrl, updatePassword } from '../../../lib/auth/auth-api';
import { sessionManager } from '../../../lib/auth/session';
import { AUTH_TEXTS, resetPasswordError } from '../utils/auth-rules';
import { AuthCard } from './auth-card';
import { BackToSignIn } from './forgot-password-page';

/** Reset success → /analysis after this long (SPEC §9). */
export const RESET_REDIRECT_MS = 2000;

export function readResetSession() {
  const { session, type } = sessionFromUrl(window.location.hash, window.location.search);
  return type === 'recovery' && session ? session : null;
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [recovery] = useState(readResetSession);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(recovery ? null : AUTH_TEXTS.invalidResetLink);

  useEffect(() => {
    if (!recovery) return;
    sessionManager.setSession(recovery, 'PASSWORD_RECOVERY');
    // The tokens are credentials: don't leave them in the address bar or history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [recovery]);

  const mutation = useMutation({
    mutationFn: () => updatePassword(password, recovery?.access_token ?? ''),
    onSuccess: () => {
      toast(AUTH_TEXTS.passwordUpdated);
      setTimeout(() => void navigate('/analysis'), RESET_REDIRECT_MS);
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 401) setError(AUTH_TEXTS.expiredResetLink);
      else setError(failure instanceof ApiError && failure.status === 400 ? failure.message : AUTH_TEXTS.unexpected);
    },
  });

  return (
    <AuthCard title="Set a new password" subtitle="Choose a password with at least 6 characters." footer={<BackToSignIn />}>
      {mutation.isSuccess ? (
        <FormMessage tone="success">{AUTH_TEXTS.passwordUpdated} Taking you to your analyses…</FormMessage>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const invalid = resetPasswordError(password, confirmation, !!recovery);
            setError(invalid);
            if (!invalid) mutation.mutate();
          }}
        >
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={!recovery}
          />
          <TextField
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            disabled={!recovery}
          />
          <Button type="submit" className="w-full" disabled={!recovery} isLoading={mutation.isPending}>
            Update Password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
