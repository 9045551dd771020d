/** The Tally mark and word. */
export function Logo({ compact }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <defs>
          <linearGradient id="tally-logo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#818cf8" />
            <stop offset="1" stopColor="#4f46e5" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#tally-logo)" />
        <path d="M9.5 22v-7M16 22V9.5M22.5 22v-4.5" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {compact ? <span className="sr-only">Tally</span> : <span className="text-lg font-semibold tracking-tight text-white">Tally</span>}
    </span>
  );
}
