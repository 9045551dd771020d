/** 'Welcome to AI Analysis' with the upload button (SPEC §2). */
import { useRef, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ChartIcon, UploadIcon } from '../../../components/ui/icons';
import { ACCEPT_ATTRIBUTE } from '../utils/upload-rules';

export function EmptyState({ onFile }: { onFile: (file: File) => void }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-10 text-center">
      <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-indigo-400/30 to-violet-500/30 text-indigo-200 ring-1 ring-indigo-400/30">
        <ChartIcon className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-white">Welcome to AI Analysis</h1>
      <p className="mt-2 text-sm leading-relaxed text-slate-300">
        Upload a customer or sales export and get segments, concentration and churn risk, product and supplier insights, and cross-sell
        ideas — in minutes.
      </p>
      <UploadButton onFile={onFile} className="mt-6" size="lg">
        Upload Your Data
      </UploadButton>
      <p className="mt-3 text-xs text-slate-400">CSV, XLSX or XLS · up to 1 million rows</p>
    </div>
  );
}

/** A button that opens the file picker; only .csv, .xlsx and .xls are offered. */
export function UploadButton({
  onFile,
  children,
  className,
  size = 'md',
  variant = 'primary',
}: {
  onFile: (file: File) => void;
  children: string;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
  variant?: 'primary' | 'secondary';
}) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChange}
        data-testid="file-input"
      />
      <Button
        size={size}
        variant={variant}
        className={className}
        icon={<UploadIcon className="size-4" />}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}
