/** The public landing page (SPEC §2). Signed-in users go straight to /analysis. */
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth/auth-provider';
import { Hero } from './hero';
import { FaqSection, HowItWorks, QuestionsSection, UseCases } from './landing-sections';
import { MagicLinkModal } from './magic-link-modal';

export function LandingPage() {
  const { user } = useAuth();
  const location = useLocation();
  const [signInOpen, setSignInOpen] = useState(false);
  if (user) return <Navigate to="/analysis" replace />;
  return (
    <>
      {/* A logo click creates a new location key: the hero remounts with an empty form. */}
      <Hero key={location.key} />
      <div className="border-y border-ink-600/60 bg-ink-950/40">
        <QuestionsSection />
      </div>
      <HowItWorks />
      <div className="border-y border-ink-600/60 bg-ink-950/40">
        <UseCases />
      </div>
      <FaqSection />
      <section className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        <div className="flex flex-col items-start justify-between gap-6 rounded-3xl border border-indigo-400/30 bg-gradient-to-r from-indigo-500/20 to-violet-500/10 p-8 sm:flex-row sm:items-center">
          <div>
            <h2 className="text-2xl font-semibold text-white">Already have an account?</h2>
            <p className="mt-1 text-slate-300">Sign in with a magic link — no password needed.</p>
          </div>
          <Button size="lg" variant="secondary" onClick={() => setSignInOpen(true)}>
            Sign in with email
          </Button>
        </div>
      </section>
      <MagicLinkModal open={signInOpen} onClose={() => setSignInOpen(false)} />
    </>
  );
}
