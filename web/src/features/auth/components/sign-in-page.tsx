/**
 * /sign-in (SPEC §2, §4, §5, §8): password or magic link; signed-in visitors go to /.
 * A user with a verified TOTP factor is asked for a code after the password.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { MAGIC_LINK_TEXTS, MagicLinkForm } from '../../../components/magic-link-form';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/input';
import { abandonPendingSignIn, signInWithPassword } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import type { Session } from '../../../lib/auth/session-manager';
import { HumanCheck } from '../../../components/ui/human-check';
import { ApiError } from '../../../lib/api-client';
import { signInError, signInFailureText } from '../utils/auth-rules';
import { AuthCard, ModeTabs, type AuthMode } from './auth-card';
import { GoogleButton } from './google-button';
import { TotpStep } from './totp-step';
import { WELCOME_PATH } from '../../../config/routes';

export function SignInPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);
  const [mfa, setMfa] = useState<{ session: Session; factorId: string } | null>(null);
  // After repeated failures the server asks for a human check (400 CAPTCHA_REQUIRED).
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const mutation = useMutation({
    mutationFn: () => signInWithPassword(email.trim(), password, captchaNeeded ? captchaToken : null),
    onMutate: () => setJustSignedIn(true),
    onSuccess: (result) => {
      if (result.kind === 'mfa-required') setMfa({ session: result.session, factorId: result.factor.id });
      else void navigate(WELCOME_PATH);
    },
    onError: (failure) => {
      setJustSignedIn(false);
      if (failure instanceof ApiError && failure.code === 'CAPTCHA_REQUIRED') {
        setCaptchaNeeded(true);
        setError(failure.message);
      } else {
        setError(signInFailureText(failure.message));
      }
      if (captchaNeeded) {
        // Turnstile tokens are single-use: a fresh widget for the next attempt.
        setCaptchaToken(null);
        setCaptchaRound((round) => round + 1);
      }
    },
  });

  if (user && !justSignedIn) return <Navigate to="/" replace />;

  if (mfa) {
    return (
      <AuthCard title="Sign in to Tally" subtitle={`Signing in as ${mfa.session.user.email}`}>
        <TotpStep
          pending={mfa.session}
          factorId={mfa.factorId}
          onVerified={() => void navigate(WELCOME_PATH)}
          onCancel={() => {
            void abandonPendingSignIn(mfa.session);
            setMfa(null);
            setJustSignedIn(false);
            setPassword('');
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in to Tally"
      subtitle="Welcome back. Your analyses are waiting."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/sign-up" className="font-medium text-indigo-300 hover:text-indigo-200">
            Sign up
          </Link>
        </>
      }
    >
      <ModeTabs
        mode={mode}
        onChange={(next) => {
          setMode(next);
          setError(null);
          setSentTo(null);
        }}
      />
      {mode === 'magic' ? (
        sentTo ? (
          <FormMessage tone="success">{MAGIC_LINK_TEXTS.sent(sentTo)}</FormMessage>
        ) : (
          <MagicLinkForm onSent={setSentTo} />
        )
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const invalid = signInError(email, password, 'password');
            setError(invalid);
            if (!invalid) mutation.mutate();
          }}
        >
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {captchaNeeded ? <HumanCheck key={captchaRound} onToken={setCaptchaToken} /> : null}
          <div className="flex justify-end">
            <Link to="/forgot-password" className="text-sm text-indigo-300 hover:text-indigo-200">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" className="w-full" isLoading={mutation.isPending} disabled={captchaNeeded && !captchaToken}>
            Sign In
          </Button>
        </form>
      )}
      <Divider />
      <GoogleButton
        onSignedIn={() => void navigate(WELCOME_PATH)}
        onError={setError}
        onMfaRequired={(session, factor) => {
          setJustSignedIn(true);
          setMfa({ session, factorId: factor.id });
        }}
      />
    </AuthCard>
  );
}

export function Divider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
      <span className="h-px flex-1 bg-ink-600" />
      or
      <span className="h-px flex-1 bg-ink-600" />
    </div>
  );
}
