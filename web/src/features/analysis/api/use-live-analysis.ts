/**
 * Live push: a WebSocket to `/api/analysis/:id/live` appends messages, artifacts and
 * status changes to the cached analysis the moment the job writes them. Polling keeps
 * running underneath, so a dropped socket only costs latency.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { JSONParsed } from 'hono/utils/types';
import type { LiveEvent as ServerLiveEvent } from '../../../../../worker/analyses/live-events';
import { liveAnalysisUrl } from '../../../lib/api-client';
import { sessionManager } from '../../../lib/auth/session';
import { analysisQueryKey, type AnalysisPayload } from './get-analysis';

/** A pushed event as it arrives: the Durable Object's `LiveEvent`, through JSON. */
type LiveEvent = JSONParsed<ServerLiveEvent>;

/** Merges one live event into the cached payload (idempotent: replays are harmless). */
export function applyLiveEvent(payload: AnalysisPayload, event: LiveEvent): AnalysisPayload {
  switch (event.type) {
    case 'status':
      return { ...payload, analysis: { ...payload.analysis, status: event.status, error: event.error ?? payload.analysis.error } };
    case 'message': {
      const others = payload.messages.filter((message) => message.id !== event.message.id);
      return { ...payload, messages: [...others, event.message].sort((a, b) => a.seq - b.seq) };
    }
    case 'progress':
      return { ...payload, progress: { bytesRead: event.bytesRead, totalBytes: event.totalBytes, rows: event.rows } };
    case 'artifact': {
      const exists = payload.artifacts.some((artifact) => artifact.id === event.artifact.id);
      return {
        ...payload,
        artifacts: exists
          ? payload.artifacts.map((artifact) => (artifact.id === event.artifact.id ? event.artifact : artifact))
          : [...payload.artifacts, event.artifact],
      };
    }
  }
}

function isLiveEvent(value: unknown): value is LiveEvent {
  if (!value || typeof value !== 'object') return false;
  const type = (value as { type?: unknown }).type;
  return type === 'status' || type === 'message' || type === 'artifact' || type === 'progress';
}

export function useLiveAnalysis(id: string | undefined, accessToken: string | null, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!id || !enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let closed = false;
    const key = analysisQueryKey(id, accessToken);

    void (async () => {
      const params = new URLSearchParams();
      if (accessToken) params.set('access_token', accessToken);
      else {
        // Browsers can't put headers on a WebSocket, so the owner's bearer rides in the query.
        const token = await sessionManager.getAccessToken();
        if (token) params.set('token', token);
      }
      if (closed) return;
      socket = new WebSocket(liveAnalysisUrl(id, params));
      socket.addEventListener('message', (event) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (!isLiveEvent(parsed)) return;
        const liveEvent = parsed;
        queryClient.setQueryData<AnalysisPayload>(key, (current) => (current ? applyLiveEvent(current, liveEvent) : current));
        // The final status carries no completed_at or counts: fetch them once.
        if (liveEvent.type === 'status' && (liveEvent.status === 'completed' || liveEvent.status === 'error')) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
      });
    })();

    return () => {
      closed = true;
      socket?.close(1000, 'leaving');
    };
  }, [id, accessToken, enabled, queryClient]);
}
