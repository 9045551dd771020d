/** One generated file: icon, name, size in KB, an image thumbnail, a markdown view and a download. */
import { useState, type ButtonHTMLAttributes, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Link } from 'react-router';
import {
  ChartIcon,
  CodeIcon,
  DownloadIcon,
  EyeIcon,
  EyeOffIcon,
  FileIcon,
  FileTextIcon,
  LayersIcon,
  TableIcon,
} from '../../../components/ui/icons';
import { Markdown } from '../../../components/ui/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { formatKilobytes } from '../../../lib/format';
import type { Artifact } from '../api/get-analysis';
import { artifactUrl, downloadArtifact, useArtifactImageUrl, useArtifactText } from '../api/get-artifact';

const TYPE_ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  chart: ChartIcon,
  report: FileTextIcon,
  data: TableIcon,
  code: CodeIcon,
  other: FileIcon,
};

/** Names for the files whose name alone doesn't say what they are (engine/snapshot/files.ts). */
const ARTIFACT_LABELS: Record<string, string> = {
  'rows.parquet': 'Cleaned data (Parquet)',
  'rows.csv': 'Cleaned data (CSV)',
};

/** The artifact's label in the list, or null when its file name is the label. */
export const artifactLabel = (artifact: Artifact): string | null => ARTIFACT_LABELS[artifact.file_name] ?? null;

export const isImageArtifact = (artifact: Artifact) => artifact.content_type.startsWith('image/') || artifact.artifact_type === 'chart';
export const isMarkdownArtifact = (artifact: Artifact) =>
  /\.(md|markdown)$/i.test(artifact.file_name) || artifact.content_type.startsWith('text/markdown');
export const isDashboardArtifact = (artifact: Artifact) => artifact.file_name.toLowerCase() === 'dashboard.html';

interface ArtifactRowProps {
  artifact: Artifact;
  analysisId: string | null;
  accessToken: string | null;
}

export function ArtifactRow({ artifact, analysisId, accessToken }: ArtifactRowProps) {
  const [expanded, setExpanded] = useState(false);
  const Icon = isDashboardArtifact(artifact) ? LayersIcon : (TYPE_ICONS[artifact.artifact_type] ?? FileIcon);
  const image = isImageArtifact(artifact);
  const markdown = isMarkdownArtifact(artifact);
  const label = artifactLabel(artifact);
  return (
    <div className="rounded-xl border border-ink-600 bg-ink-800/60 p-3" data-testid="artifact" data-file-name={artifact.file_name}>
      <div className="flex items-start gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-ink-700 text-indigo-300">
          <Icon className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-100" title={artifact.file_name}>
            {label ?? artifact.file_name}
          </p>
          <p className="truncate text-xs text-slate-400" title={artifact.file_name}>
            {label ? `${artifact.file_name} · ` : ''}
            {artifact.file_size === null && label ? 'made when downloaded' : formatKilobytes(artifact.file_size)}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {markdown ? (
            <IconButton
              label={expanded ? `Collapse ${artifact.file_name}` : `View ${artifact.file_name}`}
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
            >
              {expanded ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
            </IconButton>
          ) : null}
          <DownloadButton artifact={artifact} accessToken={accessToken} />
        </div>
      </div>
      {image ? <Thumbnail artifact={artifact} accessToken={accessToken} /> : null}
      {isDashboardArtifact(artifact) && analysisId ? (
        <Link
          to={accessToken ? `/dashboard/${analysisId}/${accessToken}` : `/dashboard/${analysisId}`}
          reloadDocument={!!accessToken}
          target="_blank"
          className="mt-2.5 inline-flex items-center gap-1.5 text-sm font-medium text-indigo-300 hover:text-indigo-200"
        >
          Open dashboard
        </Link>
      ) : null}
      {markdown && expanded ? <MarkdownPreview artifact={artifact} accessToken={accessToken} /> : null}
    </div>
  );
}

function Thumbnail({ artifact, accessToken }: { artifact: Artifact; accessToken: string | null }) {
  const { url, isError } = useArtifactImageUrl(artifact.id, accessToken);
  if (isError) return null;
  return (
    <div className="mt-2.5 grid h-40 place-items-center overflow-hidden rounded-lg bg-white">
      {url ? <img src={url} alt={artifact.file_name} className="h-40 w-full object-contain" /> : <Spinner size="sm" />}
    </div>
  );
}

function MarkdownPreview({ artifact, accessToken }: { artifact: Artifact; accessToken: string | null }) {
  const { data, isError, isLoading } = useArtifactText(artifact.id, accessToken, true);
  return (
    <div className="mt-3 max-h-96 overflow-auto rounded-lg border border-ink-600 bg-ink-950/50 p-3">
      {isLoading ? (
        <Spinner size="sm" label="Loading..." />
      ) : isError ? (
        <p className="text-sm text-rose-300">Error loading content</p>
      ) : (
        <Markdown>{data ?? ''}</Markdown>
      )}
    </div>
  );
}

function DownloadButton({ artifact, accessToken }: { artifact: Artifact; accessToken: string | null }) {
  const label = `Download ${artifact.file_name}`;
  if (accessToken) {
    return (
      <a
        href={artifactUrl('content', artifact.id, accessToken, true)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        title={label}
        className="grid size-8 place-items-center rounded-md text-slate-300 hover:bg-ink-700 hover:text-white"
      >
        <DownloadIcon className="size-4" />
      </a>
    );
  }
  return (
    <IconButton label={label} onClick={() => void downloadArtifact(artifact.id, artifact.file_name)}>
      <DownloadIcon className="size-4" />
    </IconButton>
  );
}

function IconButton({ label, children, ...rest }: { label: string; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="grid size-8 place-items-center rounded-md text-slate-300 hover:bg-ink-700 hover:text-white"
      {...rest}
    >
      {children}
    </button>
  );
}
