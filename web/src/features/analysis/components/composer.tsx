/** The question input with its send button and the 1800/2000 counter (SPEC §5). */
import clsx from 'clsx';
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { SendIcon } from '../../../components/ui/icons';
import { MESSAGE_HARD_LIMIT, canSend, counterState } from '../utils/chat-rules';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  disabled: boolean;
  placeholder: string;
}

export function Composer({ value, onChange, onSubmit, disabled, placeholder }: ComposerProps) {
  const counter = counterState(value.length);
  const counterId = useId();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!disabled) onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter adds a line (the usual chat convention).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={submit} className="relative">
      <label htmlFor={`${counterId}-input`} className="sr-only">
        Ask a question about your data
      </label>
      <div
        className={clsx(
          'flex items-end gap-2 rounded-2xl border bg-ink-800 p-2 shadow-lg shadow-black/20 transition focus-within:border-indigo-400 focus-within:ring-2 focus-within:ring-indigo-400/30',
          counter.tone === 'danger' ? 'border-rose-400' : 'border-ink-600',
          disabled && 'opacity-70',
        )}
      >
        <textarea
          id={`${counterId}-input`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_HARD_LIMIT}
          rows={1}
          disabled={disabled}
          placeholder={placeholder}
          aria-describedby={counter.visible ? counterId : undefined}
          className="max-h-40 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-sm text-white placeholder:text-slate-500 focus:outline-none disabled:cursor-not-allowed [field-sizing:content]"
        />
        <button
          type="submit"
          disabled={disabled || !canSend(value)}
          aria-label="Send"
          className="grid size-10 shrink-0 place-items-center rounded-xl bg-indigo-600 text-white transition hover:bg-indigo-500 disabled:cursor-not-allowed disabled:bg-ink-600 disabled:text-slate-400"
        >
          <SendIcon className="size-4" />
        </button>
      </div>
      {counter.visible ? (
        <p
          id={counterId}
          aria-live="polite"
          className={clsx('mt-1.5 text-right text-xs font-medium', counter.tone === 'danger' ? 'text-rose-300' : 'text-amber-300')}
        >
          {counter.text}
        </p>
      ) : null}
    </form>
  );
}
