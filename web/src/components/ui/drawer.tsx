/** A side sheet for narrow screens (the analysis page's sidebar and artifacts panel). */
import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useLatest } from '../../hooks/use-latest';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  side: 'left' | 'right';
  label: string;
  children: ReactNode;
}

export function Drawer({ open, onClose, side, label, children }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useLatest(onClose);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus();
    };
  }, [open, onCloseRef]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-40">
      <div aria-hidden="true" className="absolute inset-0 animate-fade-in bg-black/60" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={clsx(
          'absolute inset-y-0 flex w-[86vw] max-w-sm flex-col overflow-y-auto border-ink-600 bg-ink-900 shadow-2xl focus:outline-none',
          side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
        )}
      >
        <button
          type="button"
          onClick={onClose}
          aria-label={`Close ${label.toLowerCase()}`}
          className="absolute right-2 top-2 z-10 rounded-md p-2 text-slate-400 hover:bg-ink-700 hover:text-white"
        >
          <CloseIcon className="size-5" />
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
