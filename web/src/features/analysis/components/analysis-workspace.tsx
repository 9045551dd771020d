/**
 * The analysis page (SPEC §2): a new analysis at /analysis, an existing one at
 * /analysis/{id}, or a shared one at /analysis/{id}/{accessToken}. It composes the
 * transcript, the upload flow, chat, the artifacts panel and the sidebar.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useNow } from '../../../hooks/use-now';
import { useAuth } from '../../../lib/auth/auth-provider';
import { takeHandedOffFile } from '../../../lib/file-handoff';
import { analysisDurationMs } from '../../../lib/format';
import { analysisLoadErrorText, isComplete, isRunning, useAnalysis } from '../api/get-analysis';
import { useUserAnalyses } from '../api/get-user-analyses';
import { useSendChat } from '../api/send-chat';
import { useLiveAnalysis } from '../api/use-live-analysis';
import { useNewAnalysis, type NewAnalysisState } from '../hooks/use-new-analysis';
import { useNotes } from '../hooks/use-notes';
import { chatMessageError } from '../utils/chat-rules';
import { buildTranscript, hasConversation, type TranscriptItem } from '../utils/transcript';
import { AnalysisLayout } from './analysis-layout';
import { ArtifactsPanel } from './artifacts-panel';
import { BottomBar } from './bottom-bar';
import { Composer } from './composer';
import { EmailModal } from './email-modal';
import { EmptyState, UploadButton } from './empty-state';
import { FocusCards } from './focus-cards';
import { HistorySidebar } from './history-sidebar';
import { MessageList, TypingIndicator } from './message-list';
import { SecureLinkBanner } from './secure-link-banner';
import { UploadProgress } from './upload-progress';

const STATUS_LABELS: Record<string, string> = {
  initializing: 'Initializing',
  analyzing: 'Analyzing',
  completed: 'Completed',
  complete: 'Completed',
  error: 'Error',
};

function isNewAnalysisState(value: unknown): value is NewAnalysisState {
  return !!value && typeof value === 'object' && (value as { isNewAnalysis?: unknown }).isNewAnalysis === true;
}

export function AnalysisWorkspace({ analysisId, routeToken }: { analysisId: string | null; routeToken: string | null }) {
  const { user, isLoading: authLoading } = useAuth();
  const location = useLocation();
  const navState = isNewAnalysisState(location.state) ? location.state : null;
  const accessToken = routeToken ?? navState?.accessToken ?? null;
  const notes = useNotes();
  const [draft, setDraft] = useState('');

  const flow = useNewAnalysis({ userEmail: user?.email ?? null, notes });
  const analysisQuery = useAnalysis(analysisId ?? undefined, accessToken);
  const payload = analysisQuery.data;
  const status = payload?.analysis.status ?? null;
  const running = isRunning(status);
  useLiveAnalysis(analysisId ?? undefined, accessToken, running);
  const chat = useSendChat(analysisId ?? undefined, accessToken);
  const history = useUserAnalyses(!!user);

  // A file chosen on the landing page arrives here once.
  const { chooseFile } = flow;
  const handOffTaken = useRef(false);
  useEffect(() => {
    if (analysisId || handOffTaken.current) return;
    handOffTaken.current = true;
    const file = takeHandedOffFile();
    if (file) chooseFile(file);
  }, [analysisId, chooseFile]);

  const items = useMemo<TranscriptItem[]>(() => {
    const list: TranscriptItem[] = [];
    const opening = payload?.analysis.initial_message ?? (payload ? null : navState?.pendingMessage);
    const transcript = payload ? buildTranscript(payload.messages) : [];
    const openingRepeated = transcript.some((item) => item.kind === 'user' && item.text === opening);
    if (analysisId && opening && !openingRepeated) list.push({ kind: 'user', id: 'initial-message', text: opening });
    list.push(...transcript, ...notes.notes);
    if (analysisQuery.isError) {
      list.push({
        kind: 'system',
        id: 'load-error',
        tone: 'error',
        text: `Error loading analysis: ${analysisLoadErrorText(analysisQuery.error)}`,
      });
    }
    return list;
  }, [payload, navState?.pendingMessage, analysisId, notes.notes, analysisQuery.isError, analysisQuery.error]);

  const uploading = flow.phase === 'uploading';
  const busy = analysisId ? running || chat.isPending : uploading;
  const fileInfo = analysisId
    ? (() => {
        const primary = payload?.file_uploads.find((upload) => upload.is_primary) ?? payload?.file_uploads[0];
        if (primary) return { name: primary.file_name, size: primary.file_size };
        return navState ? { name: navState.fileName, size: navState.fileSize } : null;
      })()
    : flow.file
      ? { name: flow.file.name, size: flow.file.size }
      : null;
  const fileLoaded = fileInfo !== null;

  const now = useNow(analysisId ? running : flow.file !== null && flow.phase !== 'error');
  const durationMs = analysisId
    ? payload
      ? analysisDurationMs(payload.analysis, now)
      : null
    : flow.selectedAt
      ? now - flow.selectedAt
      : null;
  const statusLabel = analysisId
    ? analysisQuery.isError
      ? 'Error'
      : status
        ? (STATUS_LABELS[status] ?? status)
        : 'Loading...'
    : uploading
      ? 'Analyzing'
      : flow.phase === 'error'
        ? 'Error'
        : flow.file
          ? 'Ready'
          : 'Waiting for upload';

  // Keep the newest line in view as the transcript grows.
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [items.length, busy]);

  const submit = () => {
    if (!analysisId) {
      if (flow.askQuestion(draft)) setDraft('');
      return;
    }
    if (!fileLoaded || busy) return;
    const error = chatMessageError(draft);
    if (error) {
      notes.addSystem(error);
      return;
    }
    const question = draft.trim();
    setDraft('');
    const pendingId = notes.addUser(question);
    chat.mutate(question, {
      // The stored transcript now holds the question: drop the local copy.
      onSuccess: () => notes.remove(pendingId),
      onError: (failure) => notes.addSystem(`Error: ${failure.message || 'Something went wrong'}`),
    });
  };

  const showFocusCards = !analysisId && flow.file !== null && !uploading && !hasConversation(items);
  const title = fileInfo?.name ?? (analysisId ? 'Loading...' : 'New analysis');

  const sidebar = user
    ? (close: () => void) => (
        <HistorySidebar
          email={user.email}
          analyses={history.data}
          isLoading={history.isLoading}
          currentId={analysisId}
          currentFileName={analysisId ? (fileInfo?.name ?? null) : null}
          now={now}
          onNavigate={close}
        />
      )
    : null;

  const artifacts = (
    <ArtifactsPanel
      analysisId={analysisId}
      file={fileInfo}
      statusLabel={statusLabel}
      durationMs={durationMs}
      artifacts={payload?.artifacts ?? []}
      accessToken={accessToken}
    />
  );

  const footer = (
    <div className="space-y-3">
      {analysisId && isComplete(status) ? <BottomBar /> : null}
      <Composer
        value={draft}
        onChange={setDraft}
        onSubmit={submit}
        disabled={!fileLoaded || busy || (!!analysisId && !payload)}
        placeholder={fileLoaded ? 'Ask a question about your data...' : 'Upload a file to start'}
      />
    </div>
  );

  let body;
  if (authLoading) body = <Spinner label="Loading..." className="mt-24 w-full justify-center" />;
  else if (analysisId && analysisQuery.isLoading)
    body = <Spinner size="lg" label="Loading Analysis..." className="mt-24 w-full justify-center" />;
  else
    body = (
      <div className="space-y-6">
        {routeToken && !user ? <SecureLinkBanner /> : null}
        {!analysisId && !flow.file ? <EmptyState onFile={flow.chooseFile} /> : null}
        {items.length > 0 ? <MessageList items={items} running={running} accessToken={accessToken} /> : null}
        {flow.progress !== null && uploading ? <UploadProgress fraction={flow.progress} /> : null}
        {busy ? <TypingIndicator progress={payload?.progress} /> : null}
        {showFocusCards ? <FocusCards onPick={flow.pickFocus} /> : null}
        {!analysisId && flow.file && !uploading ? (
          <div className="flex justify-center">
            <UploadButton onFile={flow.chooseFile} variant="secondary" size="sm">
              Choose a different file
            </UploadButton>
          </div>
        ) : null}
        <div ref={endRef} />
      </div>
    );

  return (
    <AnalysisLayout sidebar={sidebar} artifacts={artifacts} title={title} footer={footer}>
      {body}
      <EmailModal {...flow.emailModal} />
    </AnalysisLayout>
  );
}
