/**
 * The signed-in sidebar (SPEC §2): brand, '+ New Analysis', the current analysis, the
 * history grouped Today / Last 7 Days / Older, the user's email, Security (two-factor
 * settings) and Sign Out.
 */
import clsx from 'clsx';
import { Link, useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { LogOutIcon, PlusIcon, ShieldIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { SECURITY_PATH } from '../../../config/routes';
import { signOut } from '../../../lib/auth/auth-api';
import { initialOf } from '../../../lib/format';
import type { AnalysisSummary } from '../api/get-user-analyses';
import { groupAnalysesByDate } from '../utils/group-by-date';

interface HistorySidebarProps {
  email: string;
  analyses: readonly AnalysisSummary[] | undefined;
  isLoading: boolean;
  currentId: string | null;
  /** The current analysis's file name; null while it loads. */
  currentFileName: string | null;
  now: number;
  onNavigate?: () => void;
}

export function HistorySidebar({ email, analyses, isLoading, currentId, currentFileName, now, onNavigate }: HistorySidebarProps) {
  const navigate = useNavigate();
  const groups = groupAnalysesByDate(analyses ?? [], now);
  return (
    <nav aria-label="Analyses" className="flex h-full flex-col">
      <div className="px-4 pb-3 pt-4">
        <Link to="/" aria-label="Tally home" className="inline-flex rounded-md">
          <Logo />
        </Link>
      </div>
      <div className="px-3">
        <ButtonLink to="/analysis" variant="secondary" className="w-full justify-start" onClick={onNavigate}>
          <PlusIcon className="size-4" />
          New Analysis
        </ButtonLink>
      </div>
      {currentId ? (
        <div className="mx-3 mt-4 rounded-lg border border-indigo-400/30 bg-indigo-500/10 px-3 py-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-indigo-200">Current analysis</p>
          <p className="mt-0.5 truncate text-sm text-white">{currentFileName ?? 'Loading...'}</p>
        </div>
      ) : null}
      <div className="mt-4 flex-1 overflow-y-auto px-3 pb-4">
        {isLoading ? (
          <Spinner size="sm" label="Loading..." className="px-2" />
        ) : groups.length === 0 ? (
          <p className="px-2 text-sm text-slate-400">No previous analyses</p>
        ) : (
          groups.map((group) => (
            <section key={group.label} className="mb-4" aria-labelledby={`history-${group.label}`}>
              <h2 id={`history-${group.label}`} className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400">
                {group.label}
              </h2>
              <ul>
                {group.items.map((analysis) => {
                  const current = analysis.id === currentId;
                  return (
                    <li key={analysis.id}>
                      <button
                        type="button"
                        disabled={current}
                        aria-current={current ? 'page' : undefined}
                        onClick={() => {
                          onNavigate?.();
                          void navigate(`/analysis/${analysis.id}`);
                        }}
                        className={clsx(
                          'w-full rounded-lg px-2 py-2 text-left text-sm transition-colors',
                          current ? 'pointer-events-none bg-ink-700/50 text-slate-400' : 'text-slate-200 hover:bg-ink-700',
                        )}
                      >
                        <span className="block truncate">{analysis.initial_message?.trim() || 'Untitled Analysis'}</span>
                        {analysis.file_name ? <span className="block truncate text-xs text-slate-400">{analysis.file_name}</span> : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))
        )}
      </div>
      <div className="border-t border-ink-600 p-3">
        <div className="flex items-center gap-2.5 px-1 pb-2">
          <span
            aria-hidden="true"
            className="grid size-8 shrink-0 place-items-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
          >
            {initialOf(email)}
          </span>
          <span className="min-w-0 truncate text-sm text-slate-200">{email}</span>
        </div>
        <Link
          to={SECURITY_PATH}
          onClick={onNavigate}
          className="flex w-full items-center gap-2 rounded-lg px-2 py-2 text-sm text-slate-300 hover:bg-ink-700 hover:text-white"
        >
          <ShieldIcon className="size-4" />
          Security
        </Link>
        <button
          type="button"
          onClick={() => {
            void signOut().then(() => void navigate('/'));
          }}
          className="flex w-full items-center gap-2 rounded-lg px-2 py-2 text-sm text-slate-300 hover:bg-ink-700 hover:text-white"
        >
          <LogOutIcon className="size-4" />
          Sign Out
        </button>
      </div>
    </nav>
  );
}
