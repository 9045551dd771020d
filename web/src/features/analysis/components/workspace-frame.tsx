/**
 * What the new-analysis and existing-analysis pages share (SPEC §2, §6): the layout with
 * the history sidebar (signed-in users), the artifacts panel, the composer, the
 * transcript with its typing indicator, and the loading spinners. Each page passes what
 * differs: its file, status line, transcript and the pieces around the messages.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth/auth-provider';
import type { AnalysisPayload } from '../api/get-analysis';
import { useUserAnalyses } from '../api/get-user-analyses';
import type { TranscriptItem } from '../utils/transcript';
import { AnalysisLayout } from './analysis-layout';
import { ArtifactsPanel } from './artifacts-panel';
import { BottomBar } from './bottom-bar';
import { Composer } from './composer';
import { HistorySidebar } from './history-sidebar';
import { MessageList, TypingIndicator } from './message-list';

/** The analysed file as the panel and the title show it. */
export interface WorkspaceFile {
  name: string;
  size: number;
}

export interface WorkspaceFrameProps {
  /** null on the new-analysis page. */
  analysisId: string | null;
  accessToken: string | null;
  file: WorkspaceFile | null;
  /** Shown in the header when there is no file yet. */
  fallbackTitle: string;
  statusLabel: string;
  durationMs: number | null;
  now: number;
  payload: AnalysisPayload | undefined;
  items: TranscriptItem[];
  running: boolean;
  busy: boolean;
  /** The page's own loading state (the analysis's first load), shown as a spinner. */
  loading: boolean;
  showBottomBar: boolean;
  draft: string;
  onDraftChange: (value: string) => void;
  onSubmit: () => void;
  composerDisabled: boolean;
  /** Above the transcript (the secure-link banner, the empty state). */
  beforeMessages?: ReactNode;
  /** Between the transcript and the typing indicator (upload progress). */
  afterMessages?: ReactNode;
  /** Below the typing indicator (focus cards, choosing another file). */
  afterTyping?: ReactNode;
  /** At the header's end (the owner's Share control). */
  headerActions?: ReactNode;
  /** Outside the scrolling body (the email modal). */
  overlay?: ReactNode;
}

export function WorkspaceFrame(props: WorkspaceFrameProps) {
  const { user, isLoading: authLoading } = useAuth();
  const history = useUserAnalyses(!!user);
  const { analysisId, file, items, busy } = props;

  // Keep the newest line in view as the transcript grows.
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [items.length, busy]);

  const sidebar = user
    ? (close: () => void) => (
        <HistorySidebar
          email={user.email}
          analyses={history.data}
          isLoading={history.isLoading}
          currentId={analysisId}
          currentFileName={analysisId ? (file?.name ?? null) : null}
          now={props.now}
          onNavigate={close}
        />
      )
    : null;

  const artifacts = (
    <ArtifactsPanel
      analysisId={analysisId}
      file={file}
      statusLabel={props.statusLabel}
      durationMs={props.durationMs}
      artifacts={props.payload?.artifacts ?? []}
      accessToken={props.accessToken}
    />
  );

  const footer = (
    <div className="space-y-3">
      {props.showBottomBar ? <BottomBar /> : null}
      <Composer
        value={props.draft}
        onChange={props.onDraftChange}
        onSubmit={props.onSubmit}
        disabled={props.composerDisabled}
        placeholder={file ? 'Ask a question about your data...' : 'Upload a file to start'}
      />
    </div>
  );

  let body;
  if (authLoading) body = <Spinner label="Loading..." className="mt-24 w-full justify-center" />;
  else if (props.loading) body = <Spinner size="lg" label="Loading Analysis..." className="mt-24 w-full justify-center" />;
  else
    body = (
      <div className="space-y-6">
        {props.beforeMessages}
        {items.length > 0 ? <MessageList items={items} running={props.running} accessToken={props.accessToken} /> : null}
        {props.afterMessages}
        {busy ? <TypingIndicator progress={props.payload?.progress} /> : null}
        {props.afterTyping}
        <div ref={endRef} />
      </div>
    );

  return (
    <AnalysisLayout
      sidebar={sidebar}
      artifacts={artifacts}
      title={file?.name ?? props.fallbackTitle}
      headerActions={props.headerActions}
      footer={footer}
    >
      {body}
      {props.overlay}
    </AnalysisLayout>
  );
}
