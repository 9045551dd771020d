/** 'Analysis Artifacts' (SPEC §2): the upload, status, duration and every generated file. */
import type { ReactNode } from 'react';
import { formatDuration, formatMegabytes } from '../../../lib/format';
import type { Artifact } from '../api/get-analysis';
import { ArtifactRow } from './artifact-row';

interface ArtifactsPanelProps {
  analysisId: string | null;
  file: { name: string; size: number | null } | null;
  statusLabel: string;
  durationMs: number | null;
  artifacts: readonly Artifact[];
  accessToken: string | null;
}

export function ArtifactsPanel({ analysisId, file, statusLabel, durationMs, artifacts, accessToken }: ArtifactsPanelProps) {
  return (
    <div className="space-y-5 p-5">
      <h2 className="text-base font-semibold text-white">Analysis Artifacts</h2>
      <dl className="space-y-4 text-sm">
        <Fact label="Uploaded File">
          {file ? (
            <>
              <span className="block break-all font-medium text-slate-100">{file.name}</span>
              {file.size !== null ? <span className="text-slate-400">{formatMegabytes(file.size)}</span> : null}
            </>
          ) : (
            <span className="text-slate-400">No file yet</span>
          )}
        </Fact>
        <Fact label="Analysis Status">
          <StatusPill label={statusLabel} />
        </Fact>
        <Fact label="Analysis Duration">
          <span className="font-mono tabular-nums text-slate-100">{formatDuration(durationMs)}</span>
        </Fact>
      </dl>
      <section aria-labelledby="generated-files">
        <h3 id="generated-files" className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
          Generated Files ({artifacts.length})
        </h3>
        {artifacts.length === 0 ? (
          <p className="rounded-lg border border-dashed border-ink-600 px-3 py-4 text-center text-sm text-slate-400">
            Files appear here as the analysis creates them.
          </p>
        ) : (
          <ul className="space-y-2">
            {artifacts.map((artifact) => (
              <li key={artifact.id}>
                <ArtifactRow artifact={artifact} analysisId={analysisId} accessToken={accessToken} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-400">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const PILL_TONES: Record<string, string> = {
  Completed: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  Error: 'bg-rose-500/15 text-rose-300 ring-rose-500/30',
  Analyzing: 'bg-indigo-500/15 text-indigo-200 ring-indigo-500/30',
  Initializing: 'bg-indigo-500/15 text-indigo-200 ring-indigo-500/30',
};

function StatusPill({ label }: { label: string }) {
  return (
    <span
      data-testid="analysis-status"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${PILL_TONES[label] ?? 'bg-ink-700 text-slate-300 ring-ink-600'}`}
    >
      {label === 'Analyzing' || label === 'Initializing' ? (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
      ) : null}
      {label}
    </span>
  );
}
