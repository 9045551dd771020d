/**
 * The new-analysis page, /analysis (SPEC §2, §6): choose a file (here or handed over from
 * the landing page), optionally a focus or a question, then upload; the upload flow
 * moves on to the analysis's own page once it starts.
 */
import { useEffect, useRef, useState } from 'react';
import { useNow } from '../../../hooks/use-now';
import { useAuth } from '../../../lib/auth/auth-provider';
import { takeHandedOffFile } from '../../../lib/file-handoff';
import { useNewAnalysis } from '../hooks/use-new-analysis';
import { useNotes } from '../hooks/use-notes';
import { NEW_ANALYSIS_LABELS, newAnalysisView } from '../utils/status-labels';
import { hasConversation } from '../utils/transcript';
import { CurrencySelect } from './currency-select';
import { MAX_LOOKUP_FILES, UPLOAD_TEXTS } from '../utils/upload-rules';
import { EmailModal } from './email-modal';
import { EmptyState, UploadButton } from './empty-state';
import { FocusCards } from './focus-cards';
import { QuotaReached } from './quota-reached';
import { UploadProgress } from './upload-progress';
import { WorkspaceFrame } from './workspace-frame';

export function NewAnalysisPage() {
  const { user } = useAuth();
  const notes = useNotes();
  const [draft, setDraft] = useState('');
  const flow = useNewAnalysis({ userEmail: user?.email ?? null, notes });

  // A file chosen on the landing page arrives here once.
  const { chooseFile } = flow;
  const handOffTaken = useRef(false);
  useEffect(() => {
    if (handOffTaken.current) return;
    handOffTaken.current = true;
    const file = takeHandedOffFile();
    if (file) chooseFile(file);
  }, [chooseFile]);

  const uploading = flow.phase === 'uploading';
  const file = flow.file ? { name: flow.file.name, size: flow.file.size } : null;
  const now = useNow(flow.file !== null && flow.phase !== 'error');
  const items = notes.notes;

  const submit = () => {
    if (flow.askQuestion(draft)) setDraft('');
  };

  return (
    <WorkspaceFrame
      analysisId={null}
      accessToken={null}
      file={file}
      fallbackTitle="New analysis"
      statusLabel={NEW_ANALYSIS_LABELS[newAnalysisView(flow.phase, flow.file !== null)]}
      durationMs={flow.selectedAt ? now - flow.selectedAt : null}
      now={now}
      payload={undefined}
      items={items}
      running={false}
      busy={uploading}
      loading={false}
      showBottomBar={false}
      draft={draft}
      onDraftChange={setDraft}
      onSubmit={submit}
      composerDisabled={file === null || uploading}
      beforeMessages={flow.file ? null : <EmptyState onFile={flow.chooseFile} />}
      afterMessages={
        <>
          {flow.progress !== null && uploading ? <UploadProgress fraction={flow.progress} /> : null}
          {flow.quotaMessage ? <QuotaReached message={flow.quotaMessage} /> : null}
        </>
      }
      afterTyping={
        flow.file && !uploading ? (
          <>
            {/* Before the cards: picking a card or asking a question starts the upload. */}
            <CurrencySelect value={flow.currency} onChange={flow.chooseCurrency} />
            {hasConversation(items) ? null : <FocusCards onPick={flow.pickFocus} />}
            <div className="flex flex-wrap justify-center gap-2">
              <UploadButton onFile={flow.chooseFile} variant="secondary" size="sm">
                Choose a different file
              </UploadButton>
              {flow.lookupFiles.length < MAX_LOOKUP_FILES ? (
                <UploadButton onFile={flow.addLookupFile} variant="secondary" size="sm">
                  {UPLOAD_TEXTS.addFile}
                </UploadButton>
              ) : null}
            </div>
          </>
        ) : null
      }
      overlay={<EmailModal {...flow.emailModal} />}
    />
  );
}
