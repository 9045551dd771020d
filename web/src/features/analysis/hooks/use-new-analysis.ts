/**
 * The upload flow of a new analysis (SPEC §4): file → 'loaded' note → focus card or
 * question → (visitors: email and human check) → upload → 'Preparing…' / 'Opening…'
 * with their pauses → replace-navigate to /analysis/{id} carrying the new analysis's state.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FOCUS_AREAS, type FocusArea } from '../../../../../worker/agent/focus-areas';
import { uploadSizeRefusal } from '../../../../../worker/uploads/file-limit';
import { ApiError } from '../../../lib/api-client';
import { formatMegabytes, pause } from '../../../lib/format';
import { userAnalysesQueryKey } from '../api/get-user-analyses';
import { saveOwnerToken, saveShareLink } from '../../../lib/owner-tokens';
import { uploadAnalysis } from '../api/upload-analysis';
import { chatMessageError } from '../utils/chat-rules';
import { DETECT_CURRENCY } from '../utils/currency-options';
import { MAX_LOOKUP_FILES, UPLOAD_PAUSES_MS, UPLOAD_TEXTS, isAcceptedFile } from '../utils/upload-rules';
import type { useNotes } from './use-notes';

/** What /analysis/{id} receives from the upload (react-router location state). */
export interface NewAnalysisState {
  isNewAnalysis: true;
  fileName: string;
  fileSize: number;
  email: string;
  pendingMessage: string;
  spacesKey: string;
  accessToken: string;
}

interface PendingRequest {
  message: string;
  focus: FocusArea;
}

const COMPREHENSIVE = FOCUS_AREAS.find((area) => area.id === 'comprehensive') ?? FOCUS_AREAS[FOCUS_AREAS.length - 1];

export function useNewAnalysis({ userEmail, notes }: { userEmail: string | null; notes: ReturnType<typeof useNotes> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  /** Files to join to `file` (a customer master, a returns list), added before starting. */
  const [lookupFiles, setLookupFiles] = useState<File[]>([]);
  const [selectedAt, setSelectedAt] = useState<number | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'error'>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [pending, setPending] = useState<PendingRequest | null>(null);
  /** The currency setting: an ISO 4217 code, or DETECT_CURRENCY to read it from the file. */
  const [currency, setCurrency] = useState<string>(DETECT_CURRENCY);
  /** The visitor's daily quota message (429 DAILY_QUOTA), shown with a sign-up action. */
  const [quotaMessage, setQuotaMessage] = useState<string | null>(null);
  const isVisitor = !userEmail;

  const resetCaptcha = () => {
    setCaptchaToken(null);
    setCaptchaKey((key) => key + 1);
  };

  /** Other file types are ignored silently (SPEC §5); a file over a limit (file-limit.ts) is refused before any upload. */
  const chooseFile = (chosen: File) => {
    if (!isAcceptedFile(chosen.name)) return;
    const refusal = uploadSizeRefusal(chosen.name, chosen.size);
    if (refusal) {
      notes.addSystem(refusal.message);
      return;
    }
    setFile(chosen);
    setLookupFiles([]);
    setSelectedAt(Date.now());
    setPhase('idle');
    notes.addSystem(`${chosen.name} (${formatMegabytes(chosen.size)}) is loaded. Pick a focus area or ask your own question.`);
  };

  /** A further file to join (at most MAX_LOOKUP_FILES, each with its own name). */
  const addLookupFile = (chosen: File) => {
    if (!file || !isAcceptedFile(chosen.name) || lookupFiles.length >= MAX_LOOKUP_FILES) return;
    if ([file, ...lookupFiles].some((f) => f.name === chosen.name)) {
      notes.addSystem(UPLOAD_TEXTS.sameName);
      return;
    }
    const refusal = uploadSizeRefusal(chosen.name, chosen.size, true);
    if (refusal) {
      notes.addSystem(refusal.message);
      return;
    }
    setLookupFiles([...lookupFiles, chosen]);
    notes.addSystem(UPLOAD_TEXTS.added(chosen.name, formatMegabytes(chosen.size), file.name));
  };

  const upload = async (request: PendingRequest, uploaderEmail: string) => {
    if (!file) return;
    setPhase('uploading');
    setEmailOpen(false);
    notes.addUser(request.message);
    notes.addSystem(UPLOAD_TEXTS.preparing);
    let answer;
    try {
      answer = await uploadAnalysis(
        {
          file,
          lookupFiles,
          email: uploaderEmail,
          message: request.message,
          analysisType: request.focus.id,
          promptFile: request.focus.promptFile,
          currency,
          captchaToken: isVisitor ? captchaToken : null,
        },
        setProgress,
      );
    } catch (error) {
      setPhase('error');
      setProgress(null);
      notes.addSystem(
        error instanceof ApiError
          ? UPLOAD_TEXTS.failed(error.message)
          : UPLOAD_TEXTS.exception(error instanceof Error ? error.message : String(error)),
      );
      if (error instanceof ApiError && error.status === 429 && isVisitor) {
        // Another email or check won't help: say so in the open, not behind the form.
        setQuotaMessage(error.message);
        resetCaptcha();
        setPending(null);
        return;
      }
      if (isVisitor) {
        // The token is single-use: the reopened form asks for a fresh check.
        resetCaptcha();
        setPending(request);
        setEmailOpen(true);
      }
      return;
    }
    if (!answer.analysis_id) {
      setPhase('error');
      notes.addSystem(UPLOAD_TEXTS.failed(null));
      return;
    }
    // Never in a URL: the owner token stays in this browser (see owner-tokens).
    saveOwnerToken(answer.analysis_id, answer.owner_token);
    saveShareLink(answer.analysis_id, answer.access_token);
    void queryClient.invalidateQueries({ queryKey: userAnalysesQueryKey });
    await pause(UPLOAD_PAUSES_MS.afterUpload);
    notes.addSystem(UPLOAD_TEXTS.opening);
    await pause(UPLOAD_PAUSES_MS.beforeNavigate);
    const state: NewAnalysisState = {
      isNewAnalysis: true,
      fileName: file.name,
      fileSize: file.size,
      email: uploaderEmail,
      pendingMessage: request.message,
      spacesKey: answer.spaces_key,
      accessToken: answer.access_token,
    };
    void navigate(`/analysis/${answer.analysis_id}`, { replace: true, state });
  };

  /** A focus card or a question: visitors confirm email and pass the check first. */
  const begin = (request: PendingRequest) => {
    if (!file || phase === 'uploading') return;
    if (isVisitor) {
      setPending(request);
      setEmailOpen(true);
      return;
    }
    void upload(request, userEmail);
  };

  const pickFocus = (focus: FocusArea) => begin({ message: focus.title, focus });

  /** Returns false when the question was refused (the note says why). */
  const askQuestion = (text: string): boolean => {
    if (!file || phase === 'uploading') return false;
    const error = chatMessageError(text);
    if (error) {
      notes.addSystem(error);
      return false;
    }
    begin({ message: text.trim(), focus: COMPREHENSIVE });
    return true;
  };

  const startFromModal = () => {
    if (pending) void upload(pending, email.trim());
  };

  /** Cancel closes the form and clears the check and the email (SPEC §4). */
  const cancelModal = () => {
    setEmailOpen(false);
    setEmail('');
    resetCaptcha();
    setPending(null);
  };

  return {
    file,
    lookupFiles,
    addLookupFile,
    quotaMessage,
    selectedAt,
    phase,
    currency,
    chooseCurrency: setCurrency,
    progress,
    chooseFile,
    pickFocus,
    askQuestion,
    emailModal: {
      open: emailOpen,
      email,
      onEmailChange: setEmail,
      captchaToken,
      onCaptchaToken: setCaptchaToken,
      captchaKey,
      onCancel: cancelModal,
      onStart: startFromModal,
    },
  };
}
