import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisPayload } from '../../web/src/features/analysis/api/get-analysis';
import { applyLiveEvent } from '../../web/src/features/analysis/api/use-live-analysis';
import { TypingIndicator } from '../../web/src/features/analysis/components/message-list';

afterEach(cleanup);

const payload = {
  success: true,
  analysis: { id: 'a1', status: 'analyzing' },
  file_uploads: [],
  messages: [],
  artifacts: [],
} as unknown as AnalysisPayload;

describe('live reading progress', () => {
  it('keeps the latest progress event on the cached analysis', () => {
    const first = applyLiveEvent(payload, { type: 'progress', bytesRead: 4_194_304, totalBytes: 20_971_520, rows: 51_000 });
    const second = applyLiveEvent(first, { type: 'progress', bytesRead: 8_388_608, totalBytes: 20_971_520, rows: 102_000 });
    expect(second.progress).toEqual({ bytesRead: 8_388_608, totalBytes: 20_971_520, rows: 102_000 });
    expect(second.messages).toBe(payload.messages);
  });

  it('shows how far the file has been read under the typing indicator', () => {
    render(<TypingIndicator progress={{ bytesRead: 8_388_608, totalBytes: 20_971_520, rows: 102_000 }} />);
    expect(screen.getByRole('status').textContent).toBe('AI is analyzing your data...Reading the file: 40% (102,000 rows so far)');
  });

  it('shows only the spec text once the file is read, or without progress', () => {
    render(<TypingIndicator progress={{ bytesRead: 100, totalBytes: 100, rows: 9 }} />);
    expect(screen.getByRole('status').textContent).toBe('AI is analyzing your data...');
    cleanup();
    render(<TypingIndicator />);
    expect(screen.getByRole('status').textContent).toBe('AI is analyzing your data...');
  });
});
