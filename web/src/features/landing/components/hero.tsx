/** The hero: typing headline, the claims, and the upload form that starts an analysis. */
import clsx from 'clsx';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ArrowRightIcon, ClockIcon, FileIcon, LayersIcon, UploadIcon, UsersIcon } from '../../../components/ui/icons';
import { handOffFile } from '../../../lib/file-handoff';
import { formatMegabytes } from '../../../lib/format';
import { TypingHeadline } from './typing-headline';

const ACCEPTED = ['.csv', '.xlsx', '.xls'];
const accepted = (name: string) => ACCEPTED.some((ext) => name.toLowerCase().endsWith(ext));

export function Hero() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (candidate: File | undefined) => {
    // Other file types are ignored silently, as on the analysis page.
    if (candidate && accepted(candidate.name)) setFile(candidate);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const start = () => {
    if (file) handOffFile(file);
    void navigate('/analysis');
  };

  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.28),transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-20 pt-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-24">
        <div>
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-indigo-400/30 bg-indigo-500/10 px-3 py-1 text-xs font-medium text-indigo-200">
            Free customer analytics for B2B distributors
          </p>
          <TypingHeadline />
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-300">
            Upload a customer or sales export. Tally's AI analyst finds your most valuable customers, your concentration and churn risk, and
            where to sell more — then emails you a dashboard.
          </p>
          <ul className="mt-8 grid max-w-xl gap-3 text-sm text-slate-300 sm:grid-cols-3">
            <Claim icon={<LayersIcon className="size-4" />}>Up to 1 million rows</Claim>
            <Claim icon={<ClockIcon className="size-4" />}>Results in under 5 minutes</Claim>
            <Claim icon={<UsersIcon className="size-4" />}>1 free analysis a day, unlimited with an account</Claim>
          </ul>
        </div>

        <form
          key="hero-form"
          aria-label="Start an analysis"
          onSubmit={(event) => {
            event.preventDefault();
            start();
          }}
          className="rounded-3xl border border-ink-600 bg-ink-800/80 p-6 shadow-2xl shadow-black/40 backdrop-blur sm:p-8"
        >
          <h2 className="text-lg font-semibold text-white">Analyze your data</h2>
          <p className="mt-1 text-sm text-slate-400">CSV or Excel export of customers, orders or invoices.</p>
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={clsx(
              'mt-5 flex flex-col items-center rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
              dragging ? 'border-indigo-400 bg-indigo-500/10' : 'border-ink-600 bg-ink-950/40',
            )}
          >
            {file ? (
              <>
                <FileIcon className="size-8 text-indigo-300" />
                <p className="mt-3 break-all text-sm font-medium text-white">{file.name}</p>
                <p className="text-xs text-slate-400">{formatMegabytes(file.size)}</p>
                <button type="button" onClick={() => setFile(null)} className="mt-2 text-xs text-slate-400 underline hover:text-slate-200">
                  Remove
                </button>
              </>
            ) : (
              <>
                <UploadIcon className="size-8 text-slate-400" />
                <p className="mt-3 text-sm text-slate-200">Drag and drop your file here</p>
                <p className="text-xs text-slate-400">.csv, .xlsx or .xls</p>
                <Button variant="secondary" size="sm" className="mt-4" onClick={() => input.current?.click()}>
                  Browse files
                </Button>
              </>
            )}
            <input
              ref={input}
              type="file"
              accept={ACCEPTED.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-label="Choose a CSV or Excel file"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
              data-testid="hero-file-input"
            />
          </div>
          <Button type="submit" size="lg" className="mt-5 w-full">
            {file ? 'Start analysis' : 'Open the analyzer'}
            <ArrowRightIcon className="size-4" />
          </Button>
          <p className="mt-3 text-center text-xs text-slate-400">No account needed · Your data is never shared</p>
        </form>
      </div>
    </section>
  );
}

function Claim({ icon, children }: { icon: ReactNode; children: string }) {
  return (
    <li className="flex items-start gap-2">
      <span className="mt-0.5 text-indigo-300">{icon}</span>
      {children}
    </li>
  );
}
