/**
 * An existing analysis, /analysis/{id} for its owner or /analysis/{id}/{accessToken}
 * for a secure-link holder (SPEC §2, §6): the stored transcript, pushed live while the
 * analysis runs, and chat once it has finished.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useNow } from '../../../hooks/use-now';
import { useAuth } from '../../../lib/auth/auth-provider';
import { analysisDurationMs } from '../../../lib/format';
import { holdsOwnerToken } from '../../../lib/owner-tokens';
import { analysisLoadErrorText, isComplete, isRunning, useAnalysis } from '../api/get-analysis';
import { useSendChat } from '../api/send-chat';
import { useLiveAnalysis } from '../api/use-live-analysis';
import type { NewAnalysisState } from '../hooks/use-new-analysis';
import { useNotes } from '../hooks/use-notes';
import { chatFailureText, chatMessageError } from '../utils/chat-rules';
import { EXISTING_ANALYSIS_LABELS, existingAnalysisView } from '../utils/status-labels';
import { buildTranscript, type TranscriptItem } from '../utils/transcript';
import { SecureLinkBanner } from './secure-link-banner';
import { ShareControl } from './share-control';
import { WorkspaceFrame } from './workspace-frame';

/** The upload flow hands its file and question over in the navigation state. */
function isNewAnalysisState(value: unknown): value is NewAnalysisState {
  return !!value && typeof value === 'object' && (value as { isNewAnalysis?: unknown }).isNewAnalysis === true;
}

export function ExistingAnalysisPage({ analysisId, routeToken }: { analysisId: string; routeToken: string | null }) {
  const { user } = useAuth();
  const location = useLocation();
  const navState = isNewAnalysisState(location.state) ? location.state : null;
  const accessToken = routeToken ?? navState?.accessToken ?? null;
  const notes = useNotes();
  // The owner: a signed-in user on the owner-only address, or this browser's visitor owner token.
  const isOwner = (!!user && routeToken === null) || holdsOwnerToken(analysisId);
  const [draft, setDraft] = useState('');

  const analysisQuery = useAnalysis(analysisId, accessToken);
  const payload = analysisQuery.data;
  const status = payload?.analysis.status ?? null;
  const running = isRunning(status);
  useLiveAnalysis(analysisId, accessToken, running);
  const chat = useSendChat(analysisId, accessToken);

  const items = useMemo<TranscriptItem[]>(() => {
    const list: TranscriptItem[] = [];
    const opening = payload?.analysis.initial_message ?? (payload ? null : navState?.pendingMessage);
    const transcript = payload ? buildTranscript(payload.messages) : [];
    const openingRepeated = transcript.some((item) => item.kind === 'user' && item.text === opening);
    if (opening && !openingRepeated) list.push({ kind: 'user', id: 'initial-message', text: opening });
    list.push(...transcript, ...notes.notes);
    if (analysisQuery.isError) {
      list.push({
        kind: 'system',
        id: 'load-error',
        tone: 'error',
        text: `Error loading analysis: ${analysisLoadErrorText(analysisQuery.error, routeToken !== null)}`,
      });
    }
    return list;
  }, [payload, navState?.pendingMessage, notes.notes, analysisQuery.isError, analysisQuery.error, routeToken]);

  const busy = running || chat.isPending;
  const primary = payload?.file_uploads.find((upload) => upload.is_primary) ?? payload?.file_uploads[0];
  const fallbackFile = navState ? { name: navState.fileName, size: navState.fileSize } : null;
  const file = primary ? { name: primary.file_name, size: primary.file_size } : fallbackFile;
  const now = useNow(running);

  const submit = () => {
    if (file === null || busy) return;
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
      onError: (failure) => notes.addSystem(chatFailureText(failure)),
    });
  };

  return (
    <WorkspaceFrame
      analysisId={analysisId}
      accessToken={accessToken}
      file={file}
      fallbackTitle={analysisQuery.isError ? (routeToken ? 'Link no longer valid' : 'Analysis unavailable') : 'Loading...'}
      statusLabel={EXISTING_ANALYSIS_LABELS[existingAnalysisView(analysisQuery.isError, status)]}
      durationMs={payload ? analysisDurationMs(payload.analysis, now) : null}
      now={now}
      payload={payload}
      items={items}
      running={running}
      busy={busy}
      loading={analysisQuery.isLoading}
      showBottomBar={isComplete(status)}
      draft={draft}
      onDraftChange={setDraft}
      onSubmit={submit}
      composerDisabled={file === null || busy || !payload}
      headerActions={
        payload && isOwner ? <ShareControl analysisId={analysisId} linkChatEnabled={payload.analysis.link_chat_enabled} /> : null
      }
      beforeMessages={routeToken && !user ? <SecureLinkBanner /> : null}
    />
  );
}
