/** /sign-up (SPEC §2, §4, §5): password (with the human check) or magic link. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MAGIC_LINK_TEXTS, MagicLinkForm } from '../../../components/magic-link-form';
import { Button, ButtonLink } from '../../../components/ui/button';
import { HumanCheck } from '../../../components/ui/human-check';
import { FormMessage, TextField } from '../../../components/ui/input';
import { signUp } from '../../../lib/auth/auth-api';
import { AUTH_TEXTS, signUpError } from '../utils/auth-rules';
import { AuthCard, ModeTabs, type AuthMode } from './auth-card';
import { Divider } from './sign-in-page';
import { GoogleButton } from './google-button';
import { WELCOME_PATH } from '../../../config/routes';

export function SignUpPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => signUp({ email: email.trim(), password, captchaToken }),
    onSuccess: () => setDone(AUTH_TEXTS.signUpSuccess),
    onError: (failure) => {
      setError(failure.message || AUTH_TEXTS.fallback);
      // A token is single-use; the next try needs a fresh check.
      setCaptchaToken(null);
      setCaptchaKey((key) => key + 1);
    },
  });

  if (done) {
    return (
      <AuthCard title="Check your email">
        <FormMessage tone="success">{done}</FormMessage>
        <ButtonLink to="/sign-in" className="mt-6 w-full">
          Go to Sign In
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your free account"
      subtitle="Unlimited analyses, and your history in one place."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/sign-in" className="font-medium text-indigo-300 hover:text-indigo-200">
            Sign in
          </Link>
        </>
      }
    >
      <ModeTabs
        mode={mode}
        onChange={(next) => {
          setMode(next);
          setError(null);
        }}
      />
      {mode === 'magic' ? (
        <MagicLinkForm onSent={(address) => setDone(MAGIC_LINK_TEXTS.sent(address))} />
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const invalid = signUpError(email, password, confirmation) ?? (captchaToken ? null : AUTH_TEXTS.verification);
            setError(invalid);
            if (!invalid) mutation.mutate();
          }}
        >
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <HumanCheck key={captchaKey} onToken={setCaptchaToken} />
          <Button type="submit" className="w-full" isLoading={mutation.isPending}>
            Create Account
          </Button>
        </form>
      )}
      <Divider />
      <GoogleButton onSignedIn={() => void navigate(WELCOME_PATH)} onError={setError} />
    </AuthCard>
  );
}
