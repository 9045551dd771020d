/** One tool call as a compact, expandable step with a friendly label and its result. */
import clsx from 'clsx';
import { useId, useState } from 'react';
import { AlertIcon, CheckIcon, ChevronRightIcon, WrenchIcon } from '../../../components/ui/icons';
import type { ToolResult } from '../utils/transcript';
import { toolLabel } from '../utils/tool-labels';

/** Long results are cut for display; the full text stays in the transcript. */
const RESULT_PREVIEW_CHARS = 4000;

interface ToolStepProps {
  name: string;
  input: unknown;
  result: ToolResult | null;
  /** Whether the analysis is still running (an unanswered step is then "in progress"). */
  running: boolean;
}

export function ToolStep({ name, input, result, running }: ToolStepProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const failed = result?.isError === true;
  const pending = !result && running;
  return (
    <div className={clsx('rounded-lg border text-sm', failed ? 'border-rose-500/40 bg-rose-500/5' : 'border-ink-600 bg-ink-800/50')}>
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={panelId}
        className="flex w-full items-center gap-2.5 px-3 py-2 text-left hover:bg-ink-700/40"
      >
        <ChevronRightIcon className={clsx('size-4 shrink-0 text-slate-400 transition-transform', open && 'rotate-90')} />
        {failed ? (
          <AlertIcon className="size-4 shrink-0 text-rose-300" />
        ) : pending ? (
          <span
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin rounded-full border-2 border-indigo-300/30 border-t-indigo-300"
          />
        ) : result ? (
          <CheckIcon className="size-4 shrink-0 text-emerald-400" />
        ) : (
          <WrenchIcon className="size-4 shrink-0 text-slate-400" />
        )}
        <span className={clsx('min-w-0 flex-1 truncate', failed ? 'text-rose-200' : 'text-slate-200')}>{toolLabel(name, input)}</span>
        {failed ? <span className="shrink-0 text-xs font-medium text-rose-300">Tool error</span> : null}
        <code className="hidden shrink-0 text-xs text-slate-400 sm:inline">{name}</code>
      </button>
      <div id={panelId} hidden={!open} className="space-y-2 border-t border-ink-600 px-3 py-2.5">
        <Detail label="Input" text={formatJson(input)} />
        {result ? <Detail label={failed ? 'Error' : 'Result'} text={result.content} tone={failed ? 'error' : 'normal'} /> : null}
      </div>
    </div>
  );
}

/** A tool result whose call isn't in the transcript (shown so errors are never lost). */
export function ToolResultNote({ result }: { result: ToolResult }) {
  return (
    <div
      className={clsx(
        'rounded-lg border px-3 py-2 text-sm',
        result.isError ? 'border-rose-500/40 bg-rose-500/5 text-rose-200' : 'border-ink-600 text-slate-300',
      )}
    >
      <p className="mb-1 flex items-center gap-2 font-medium">
        {result.isError ? <AlertIcon className="size-4" /> : <CheckIcon className="size-4" />}
        {result.isError ? 'Tool error' : 'Tool result'}
      </p>
      <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words text-xs">{truncate(result.content)}</pre>
    </div>
  );
}

function Detail({ label, text, tone = 'normal' }: { label: string; text: string; tone?: 'normal' | 'error' }) {
  return (
    <div>
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-400">{label}</p>
      <pre
        className={clsx(
          'max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-md bg-ink-950/70 p-2.5 text-xs',
          tone === 'error' ? 'text-rose-200' : 'text-slate-300',
        )}
      >
        {truncate(text)}
      </pre>
    </div>
  );
}

function formatJson(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

function truncate(text: string): string {
  return text.length > RESULT_PREVIEW_CHARS ? `${text.slice(0, RESULT_PREVIEW_CHARS)}\n…` : text;
}
