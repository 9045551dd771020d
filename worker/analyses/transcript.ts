/**
 * An analysis's transcript rows: each message is keyed `{analysisId}:{seq}`, so a re-run
 * overwrites what a previous attempt wrote instead of appending after it.
 */
import type { MessageContent, MessageKind, TranscriptMessage } from '../agent/messages';
import { listMessages, upsertMessage, type MessageRow } from '../db/analyses';
import type { Database } from '../db/client';

/** Stores message `seq` of the transcript and returns the row written. */
export async function writeMessage(
  db: Database,
  analysisId: string,
  seq: number,
  kind: MessageKind,
  content: MessageContent,
): Promise<MessageRow> {
  const row: MessageRow = {
    id: `${analysisId}:${seq}`,
    analysisId,
    seq,
    messageType: kind,
    content: JSON.stringify(content),
    createdAt: new Date().toISOString(),
  };
  await upsertMessage(db, row);
  return row;
}

/** The transcript so far, as the analyst reads it for a follow-up question. */
export async function transcriptHistory(db: Database, analysisId: string): Promise<TranscriptMessage[]> {
  return (await listMessages(db, analysisId)).map((row) => ({
    kind: row.messageType,
    content: JSON.parse(row.content) as MessageContent,
  }));
}
