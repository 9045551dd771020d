/** The frame of every account page: a centred card with a title and a subtitle. */
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative flex justify-center px-4 py-16 sm:py-24">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.2),transparent_65%)]"
      />
      <Card className="relative w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-white">{title}</h1>
        {subtitle ? <p className="mt-1.5 text-sm text-slate-300">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-ink-600 pt-5 text-center text-sm text-slate-300">{footer}</div> : null}
      </Card>
    </div>
  );
}

export type AuthMode = 'password' | 'magic';

/** 'Email & Password' | 'Magic Link' switch (SPEC §4). */
export function ModeTabs({ mode, onChange }: { mode: AuthMode; onChange: (mode: AuthMode) => void }) {
  const tabs: { id: AuthMode; label: string }[] = [
    { id: 'password', label: 'Email & Password' },
    { id: 'magic', label: 'Magic Link' },
  ];
  return (
    <div role="radiogroup" aria-label="Sign-in method" className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-ink-950/60 p-1">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="radio"
          aria-checked={mode === tab.id}
          onClick={() => onChange(tab.id)}
          className={
            mode === tab.id
              ? 'rounded-lg bg-ink-700 px-3 py-2 text-sm font-medium text-white shadow'
              : 'rounded-lg px-3 py-2 text-sm text-slate-300 hover:text-white'
          }
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
