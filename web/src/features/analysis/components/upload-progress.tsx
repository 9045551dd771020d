/** The chunked upload's progress bar (files above 95 MB). */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="rounded-xl border border-ink-600 bg-ink-800/70 p-4">
      <div className="mb-2 flex justify-between text-sm">
        <span className="text-slate-200">Uploading your file</span>
        <span className="tabular-nums text-slate-400">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-ink-700"
      >
        <div className="h-full rounded-full bg-indigo-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
