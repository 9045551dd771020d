import clsx from 'clsx';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

/** A quiet circular spinner; pass `label` when it is the only thing on screen. */
export function Spinner({ size = 'md', label, className }: { size?: keyof typeof sizes; label?: string; className?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={clsx('inline-flex items-center gap-3', className)}>
      <span aria-hidden="true" className={clsx('animate-spin rounded-full border-slate-500 border-t-indigo-400', sizes[size])} />
      {label ? <span className="text-sm text-slate-300">{label}</span> : null}
    </span>
  );
}
