/** The footer (SPEC §2): tagline plus Privacy Policy and Terms of Service; hidden on /analysis* and /chat. */
import { Link, useLocation } from 'react-router';
import { Logo } from '../ui/logo';

export function isFooterHidden(pathname: string): boolean {
  return pathname === '/analysis' || pathname.startsWith('/analysis/') || pathname === '/chat';
}

export function Footer() {
  const { pathname } = useLocation();
  if (isFooterHidden(pathname)) return null;
  return (
    <footer className="border-t border-ink-600/60 bg-ink-950/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="space-y-2">
          <Logo />
          <p className="text-sm text-slate-400">Transform customer data into powerful insights</p>
        </div>
        <nav aria-label="Legal" className="flex gap-6 text-sm">
          <Link to="/privacy" className="text-slate-300 hover:text-white">
            Privacy Policy
          </Link>
          <Link to="/terms" className="text-slate-300 hover:text-white">
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
