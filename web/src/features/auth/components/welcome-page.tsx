/** The welcome page after sign-in (SPEC §2): a 3-second countdown to /analysis. */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth/auth-provider';
import { initialOf } from '../../../lib/format';
import { AuthCard } from './auth-card';

export const WELCOME_COUNTDOWN_SECONDS = 3;

export function WelcomePage() {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(WELCOME_COUNTDOWN_SECONDS);

  useEffect(() => {
    if (!user) return;
    if (secondsLeft <= 0) {
      void navigate('/analysis', { replace: true });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, user, navigate]);

  if (!isLoading && !user) return <Navigate to="/sign-in" replace />;
  return (
    <AuthCard title="Welcome to Tally!">
      <div className="flex flex-col items-center text-center">
        <span
          aria-hidden="true"
          className="grid size-16 place-items-center rounded-full bg-gradient-to-br from-indigo-400 to-violet-500 text-2xl font-semibold text-white"
        >
          {initialOf(user?.email)}
        </span>
        <p className="mt-4 text-slate-200">
          You're signed in as <strong className="text-white">{user?.email}</strong>
        </p>
        <p className="mt-2 text-sm text-slate-400" aria-live="polite">
          Taking you to your analyses in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}…
        </p>
        <Button className="mt-6 w-full" onClick={() => void navigate('/analysis', { replace: true })}>
          Go to Analysis Now
        </Button>
      </div>
    </AuthCard>
  );
}
