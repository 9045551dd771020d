/**
 * The second sign-in step for a user with a verified TOTP factor: the password gave an
 * aal1 session the API treats as a visitor, so the code is challenged and verified with
 * that session's token. Success stores the aal2 session (MFA_CHALLENGE_VERIFIED).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { verifyTotp } from '../../../lib/auth/auth-api';
import type { Session } from '../../../lib/auth/session-manager';
import { AUTH_TEXTS, TOTP_TEXTS, normalizeTotpCode, totpCodeError } from '../utils/auth-rules';
import { TotpCodeField } from './totp-code-field';

interface TotpStepProps {
  /** The aal1 session from the password grant. */
  pending: Session;
  factorId: string;
  onVerified: (session: Session) => void;
  onCancel: () => void;
}

export function TotpStep({ pending, factorId, onVerified, onCancel }: TotpStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (value: string) => verifyTotp(factorId, value, pending),
    onSuccess: onVerified,
    onError: (failure) => setError(failure.message || AUTH_TEXTS.fallback),
  });

  return (
    <form
      noValidate
      aria-labelledby="totp-step-title"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = totpCodeError(code);
        setError(invalid);
        if (!invalid) mutation.mutate(normalizeTotpCode(code));
      }}
    >
      <div>
        <h2 id="totp-step-title" className="text-lg font-semibold text-white">
          {TOTP_TEXTS.title}
        </h2>
        <p className="mt-1 text-sm text-slate-300">{TOTP_TEXTS.prompt}</p>
      </div>
      <TotpCodeField value={code} onChange={setCode} error={error} autoFocus />
      <Button type="submit" className="w-full" isLoading={mutation.isPending}>
        {TOTP_TEXTS.verify}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onCancel} disabled={mutation.isPending}>
        Use a different account
      </Button>
    </form>
  );
}
