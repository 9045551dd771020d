/**
 * The top bar (SPEC §2): hidden when signed in; otherwise the logo with Sign In and
 * Sign Up (a spinner while the session loads). On signed-out /dashboard/* pages it shows
 * only Book a Call. A logo click on home resets the hero form (a fresh location key).
 */
import { Link, useLocation } from 'react-router';
import { config } from '../../config/env';
import { useAuth } from '../../lib/auth/auth-provider';
import { ButtonLink, ExternalButtonLink } from '../ui/button';
import { Logo } from '../ui/logo';
import { Spinner } from '../ui/spinner';
import { AccountMenu } from './account-menu';

export function TopBar() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const dashboardSubPath = pathname.startsWith('/dashboard/');

  if (user) {
    // Signed in: no bar, only the account menu floating top-right.
    return (
      <div className="absolute right-4 top-3 z-30">
        <AccountMenu email={user.email} />
      </div>
    );
  }
  return (
    <header className="sticky top-0 z-30 border-b border-ink-600/60 bg-ink-900/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        {dashboardSubPath ? (
          <span>
            <Logo />
          </span>
        ) : (
          <Link to="/" state={{ resetHero: true }} aria-label="Tally home" className="rounded-md">
            <Logo />
          </Link>
        )}
        <nav aria-label="Account" className="flex items-center gap-2">
          {dashboardSubPath ? (
            <ExternalButtonLink href={config.schedulerUrl} size="sm">
              Book a Call
            </ExternalButtonLink>
          ) : isLoading ? (
            <Spinner size="sm" label="Loading..." />
          ) : (
            <>
              <ButtonLink to="/sign-in" variant="ghost" size="sm">
                Sign In
              </ButtonLink>
              <ButtonLink to="/sign-up" size="sm">
                Sign Up
              </ButtonLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
