/**
 * The analysis page's frame: sidebar | centre | artifacts. Below `lg` the sidebar, and
 * below `xl` the artifacts panel, become drawers opened from the header (390-px phones).
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Drawer } from '../../../components/ui/drawer';
import { MenuIcon, PanelRightIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';

interface AnalysisLayoutProps {
  sidebar: ((close: () => void) => ReactNode) | null;
  artifacts: ReactNode;
  title: string;
  /** Controls at the header's end (the owner's Share control). */
  headerActions?: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}

export function AnalysisLayout({ sidebar, artifacts, title, headerActions, children, footer }: AnalysisLayoutProps) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [artifactsOpen, setArtifactsOpen] = useState(false);
  return (
    <div className="flex h-dvh overflow-hidden bg-ink-900">
      {sidebar ? (
        <aside className="hidden w-72 shrink-0 border-r border-ink-600 bg-ink-950/60 lg:block">{sidebar(() => undefined)}</aside>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center gap-2 border-b border-ink-600 px-3 sm:px-4">
          {sidebar ? (
            <button
              type="button"
              onClick={() => setSidebarOpen(true)}
              aria-label="Open analyses menu"
              className="rounded-md p-2 text-slate-300 hover:bg-ink-700 hover:text-white lg:hidden"
            >
              <MenuIcon className="size-5" />
            </button>
          ) : (
            <Link to="/" aria-label="Tally home" className="mr-1 rounded-md">
              <Logo compact />
            </Link>
          )}
          <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-200">{title}</p>
          {headerActions}
          <button
            type="button"
            onClick={() => setArtifactsOpen(true)}
            className="inline-flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm text-slate-300 hover:bg-ink-700 hover:text-white xl:hidden"
          >
            <PanelRightIcon className="size-5" />
            <span className="max-sm:sr-only">Artifacts</span>
          </button>
        </header>
        <main id="main" className="flex min-h-0 flex-1 flex-col">
          <div className="flex-1 overflow-y-auto" data-testid="transcript-scroll">
            <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">{children}</div>
          </div>
          <div className="shrink-0 border-t border-ink-600/60 bg-ink-900/95 backdrop-blur">
            <div className="mx-auto w-full max-w-3xl px-4 py-3 sm:px-6">{footer}</div>
          </div>
        </main>
      </div>
      <aside
        aria-label="Analysis artifacts"
        className="hidden w-80 shrink-0 overflow-y-auto border-l border-ink-600 bg-ink-950/40 xl:block"
      >
        {artifacts}
      </aside>
      {sidebar ? (
        <Drawer open={sidebarOpen} onClose={() => setSidebarOpen(false)} side="left" label="Analyses menu">
          {sidebar(() => setSidebarOpen(false))}
        </Drawer>
      ) : null}
      <Drawer open={artifactsOpen} onClose={() => setArtifactsOpen(false)} side="right" label="Analysis artifacts">
        {artifacts}
      </Drawer>
    </div>
  );
}
