/**
 * The human-verification widget (Turnstile, dark theme, normal size 300×65; SPEC §2).
 * With one of Cloudflare's test site keys and no reachable widget script (offline
 * development, CI), it renders a clearly labelled local test widget that yields the
 * dummy token those keys accept, so the whole flow still runs end to end.
 */
import { useEffect, useState } from 'react';
import { Turnstile } from 'react-turnstile';
import { TURNSTILE_DUMMY_TOKEN, config, isTurnstileTestKey } from '../../config/env';
import { CheckIcon } from './icons';

/** How long the real script may take before a test key falls back to the local widget. */
const SCRIPT_GRACE_MS = 4000;

interface HumanCheckProps {
  /** Called with a token on success and with null when it expires or fails. */
  onToken: (token: string | null) => void;
  siteKey?: string;
}

export function HumanCheck({ onToken, siteKey = config.turnstileSiteKey }: HumanCheckProps) {
  const testKey = isTurnstileTestKey(siteKey);
  const [mode, setMode] = useState<'widget' | 'local' | 'failed'>('widget');
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!testKey || loaded || mode !== 'widget') return;
    const timer = setTimeout(() => setMode('local'), SCRIPT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [testKey, loaded, mode]);

  if (mode === 'local') return <LocalTestWidget onToken={onToken} />;
  if (mode === 'failed') {
    return (
      <p role="alert" className="text-sm text-rose-300">
        The security check could not load. Please check your connection and reload the page.
      </p>
    );
  }
  return (
    <div className="min-h-[65px]">
      <Turnstile
        sitekey={siteKey}
        theme="dark"
        size="normal"
        fixedSize
        onLoad={() => setLoaded(true)}
        onVerify={(token) => onToken(token)}
        onExpire={() => onToken(null)}
        onError={(error: unknown) => {
          onToken(null);
          // The library reports a script that never loaded with this exact string.
          if (error === 'Failed to load Turnstile.') setMode(testKey ? 'local' : 'failed');
        }}
      />
    </div>
  );
}

/** A stand-in for the Turnstile checkbox, only ever shown with a test site key. */
function LocalTestWidget({ onToken }: { onToken: (token: string | null) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <div
      data-testid="turnstile-test-widget"
      className="flex h-[65px] w-[300px] max-w-full items-center justify-between rounded-md border border-amber-400/40 bg-[#222] px-3"
    >
      <label className="flex cursor-pointer items-center gap-3 text-sm text-slate-100">
        <span className="relative inline-flex">
          <input
            type="checkbox"
            className="peer size-6 cursor-pointer appearance-none rounded border-2 border-slate-400 bg-transparent checked:border-emerald-500 checked:bg-emerald-500"
            checked={checked}
            onChange={(event) => {
              setChecked(event.target.checked);
              onToken(event.target.checked ? TURNSTILE_DUMMY_TOKEN : null);
            }}
          />
          <CheckIcon className="pointer-events-none absolute inset-0 m-auto hidden size-4 text-white peer-checked:block" />
        </span>
        Verify you are human
      </label>
      <span className="text-right text-[10px] font-semibold uppercase leading-tight tracking-wide text-amber-300">
        Test mode
        <br />
        <span className="font-normal normal-case tracking-normal text-slate-300">offline widget</span>
      </span>
    </div>
  );
}
