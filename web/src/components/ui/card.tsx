import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

/** A raised surface for grouped content. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={clsx('rounded-2xl border border-ink-600/70 bg-ink-800/80 shadow-xl shadow-black/20', className)} {...rest} />;
}
