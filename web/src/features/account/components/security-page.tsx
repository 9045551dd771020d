/**
 * /account/security: two-factor authentication for signed-in users. Enrolment shows the
 * otpauth link and the setup key for manual entry, then takes the first code; a verified
 * factor can be removed (the API asks for an aal2 session to do so).
 */
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ArrowLeftIcon, CheckCircleIcon, ShieldIcon } from '../../../components/ui/icons';
import { FormMessage } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import type { TotpEnrollment } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import { TotpCodeField } from '../../auth/components/totp-code-field';
import { AUTH_TEXTS, normalizeTotpCode, totpCodeError } from '../../auth/utils/auth-rules';
import { useEnrollTotp, useRemoveTotp, useTotpFactor, useVerifyTotpEnrollment } from '../api/use-totp';

export const SECURITY_TEXTS = {
  title: 'Account security',
  section: 'Two-factor authentication',
  off: 'Add a second step to signing in: a 6-digit code from an authenticator app such as 1Password, Google Authenticator or Authy.',
  on: 'On. Signing in with your password also asks for a code from your authenticator app.',
  setUp: 'Set up authenticator app',
  enabled: 'Two-factor authentication is on.',
  removed: 'Two-factor authentication is off.',
} as const;

/** A base32 key in groups of four, easier to type by hand. */
function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function SecurityPage() {
  const { user, isLoading } = useAuth();
  if (!user) return isLoading ? <Spinner label="Loading..." className="mt-32 w-full justify-center" /> : <Navigate to="/sign-in" replace />;
  return <SecurityPanel userId={user.id} email={user.email} />;
}

function SecurityPanel({ userId, email }: { userId: string; email: string }) {
  const factor = useTotpFactor(userId);
  const enroll = useEnrollTotp();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16 sm:py-20">
      <Link to="/analysis" className="inline-flex items-center gap-1.5 text-sm text-indigo-300 hover:text-indigo-200">
        <ArrowLeftIcon className="size-4" />
        Back to analyses
      </Link>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-white">{SECURITY_TEXTS.title}</h1>
      <p className="mt-1.5 text-sm text-slate-300">{email}</p>

      <Card className="mt-8 p-6 sm:p-8">
        <section aria-labelledby="two-factor-heading">
          <div className="flex items-start gap-3">
            <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-indigo-500/15 text-indigo-300">
              <ShieldIcon className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id="two-factor-heading" className="text-lg font-semibold text-white">
                {SECURITY_TEXTS.section}
              </h2>
              {factor.isPending ? (
                <Spinner size="sm" label="Loading..." className="mt-3" />
              ) : factor.isError ? (
                <div className="mt-3">
                  <FormMessage tone="error">{factor.error.message || AUTH_TEXTS.fallback}</FormMessage>
                </div>
              ) : factor.data ? (
                <FactorOn factorId={factor.data.id} name={factor.data.friendly_name} userId={userId} />
              ) : enrollment ? (
                <EnrollmentSteps enrollment={enrollment} userId={userId} onDone={() => setEnrollment(null)} />
              ) : (
                <>
                  <p className="mt-1 text-sm text-slate-300">{SECURITY_TEXTS.off}</p>
                  {enroll.isError ? (
                    <div className="mt-4">
                      <FormMessage tone="error">{enroll.error.message || AUTH_TEXTS.fallback}</FormMessage>
                    </div>
                  ) : null}
                  <Button
                    className="mt-5"
                    isLoading={enroll.isPending}
                    onClick={() => enroll.mutate(undefined, { onSuccess: setEnrollment })}
                  >
                    {SECURITY_TEXTS.setUp}
                  </Button>
                </>
              )}
            </div>
          </div>
        </section>
      </Card>
    </div>
  );
}

function EnrollmentSteps({ enrollment, userId, onDone }: { enrollment: TotpEnrollment; userId: string; onDone: () => void }) {
  const verify = useVerifyTotpEnrollment(userId);
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="mt-4 space-y-6">
      <div>
        <h3 className="text-sm font-semibold text-white">1. Add Tally to your authenticator app</h3>
        <p className="mt-1 text-sm text-slate-300">
          On a phone with an authenticator app,{' '}
          <a href={enrollment.totp.uri} className="font-medium text-indigo-300 underline-offset-2 hover:underline">
            open the setup link
          </a>
          , or add an account by hand with this setup key:
        </p>
        <dl className="mt-3 space-y-3 rounded-xl border border-ink-600 bg-ink-950/60 p-4">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Setup key</dt>
            <dd className="mt-1 break-all font-mono text-base text-white">{groupKey(enrollment.totp.secret)}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Setup link</dt>
            <dd className="mt-1 break-all font-mono text-xs text-slate-300">{enrollment.totp.uri}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-400">Time-based, 6 digits, every 30 seconds.</p>
      </div>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const invalid = totpCodeError(code);
          setError(invalid);
          if (invalid) return;
          verify.mutate(
            { factorId: enrollment.id, code: normalizeTotpCode(code) },
            {
              onSuccess: () => {
                toast(SECURITY_TEXTS.enabled);
                onDone();
              },
              onError: (failure) => setError(failure.message || AUTH_TEXTS.fallback),
            },
          );
        }}
      >
        <h3 className="text-sm font-semibold text-white">2. Enter the 6-digit code it shows</h3>
        <TotpCodeField value={code} onChange={setCode} error={error} autoFocus />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isLoading={verify.isPending}>
            Verify and turn on
          </Button>
          <Button variant="ghost" onClick={onDone} disabled={verify.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function FactorOn({ factorId, name, userId }: { factorId: string; name: string | null | undefined; userId: string }) {
  const remove = useRemoveTotp(userId);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <p className="mt-1 flex items-center gap-2 text-sm text-emerald-200">
        <CheckCircleIcon className="size-4 shrink-0" />
        {SECURITY_TEXTS.on}
      </p>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink-600 bg-ink-950/60 px-4 py-3">
        <span className="text-sm text-slate-200">{name || 'Authenticator app'}</span>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          Remove
        </Button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Turn off two-factor authentication?"
        description="Signing in will only need your password again."
      >
        {remove.isError ? (
          <div className="mb-4">
            <FormMessage tone="error">{remove.error.message || AUTH_TEXTS.fallback}</FormMessage>
          </div>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it on
          </Button>
          <Button
            variant="danger"
            isLoading={remove.isPending}
            onClick={() =>
              remove.mutate(factorId, {
                onSuccess: () => {
                  setConfirming(false);
                  toast(SECURITY_TEXTS.removed);
                },
              })
            }
          >
            Turn off
          </Button>
        </div>
      </Modal>
    </>
  );
}
