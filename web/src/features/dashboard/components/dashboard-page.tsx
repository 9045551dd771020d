/**
 * /dashboard and /dashboard/* (SPEC §2). Emailed links (/dashboard/{id}/{token}) are
 * answered by the Worker directly; what reaches the SPA is an owner's dashboard, shown
 * in a sandboxed frame (it runs no script), or — signed out — a Book a Call invitation.
 */
import { Navigate, useParams } from 'react-router';
import { ButtonLink, ExternalButtonLink } from '../../../components/ui/button';
import { CalendarIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { config } from '../../../config/env';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useDashboardHtml } from '../api/get-dashboard';

export function DashboardPage() {
  const { analysisId } = useParams();
  const { user, isLoading } = useAuth();
  const dashboard = useDashboardHtml(analysisId, !!user);

  if (isLoading) return <Spinner label="Loading..." className="mt-32 w-full justify-center" />;
  if (!user) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold tracking-tight text-white">Your dashboard</h1>
        <p className="mt-4 text-slate-300">
          Open the dashboard from the link in your email, or sign in to see every analysis. Want a walkthrough of your results?
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ExternalButtonLink href={config.schedulerUrl}>
            <CalendarIcon className="size-4" />
            Book a Call
          </ExternalButtonLink>
          <ButtonLink to="/sign-in" variant="secondary">
            Sign In
          </ButtonLink>
        </div>
      </section>
    );
  }
  if (!analysisId) return <Navigate to="/analysis" replace />;
  if (dashboard.isLoading) return <Spinner size="lg" label="Loading dashboard..." className="mt-32 w-full justify-center" />;
  if (dashboard.isError || !dashboard.data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold text-white">Dashboard not available</h1>
        <p className="mt-3 text-slate-300">
          {dashboard.isError
            ? "This dashboard doesn't exist or you don't have access to it."
            : 'The dashboard is not ready yet. It appears when the analysis completes.'}
        </p>
        <ButtonLink to={`/analysis/${analysisId}`} className="mt-8">
          Open the analysis
        </ButtonLink>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 pb-10 pt-16 sm:px-6">
      <iframe
        title="Analysis dashboard"
        sandbox=""
        srcDoc={dashboard.data}
        className="h-[80dvh] w-full rounded-2xl border border-ink-600 bg-white"
      />
    </div>
  );
}
