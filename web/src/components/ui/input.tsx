/** Labelled text fields with their error line; the error is announced and linked. */
import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const fieldClasses =
  'block w-full rounded-lg border border-ink-600 bg-ink-950/60 px-3.5 py-2.5 text-sm text-white placeholder:text-slate-500 ' +
  'transition-colors focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-400/40 disabled:opacity-60';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

export function TextField({ label, error, hint, className, id, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={inputId}
        className={clsx(fieldClasses, error && 'border-rose-400 focus:border-rose-400 focus:ring-rose-400/40')}
        aria-invalid={error ? true : undefined}
        aria-describedby={clsx(error && errorId, hint && hintId) || undefined}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message: an error or a success note. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-lg border px-3.5 py-2.5 text-sm',
        tone === 'error' && 'border-rose-500/40 bg-rose-500/10 text-rose-200',
        tone === 'success' && 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
        tone === 'info' && 'border-indigo-500/40 bg-indigo-500/10 text-indigo-100',
      )}
    >
      {children}
    </div>
  );
}
