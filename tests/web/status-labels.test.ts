import { describe, expect, it } from 'vitest';
import {
  EXISTING_ANALYSIS_LABELS,
  NEW_ANALYSIS_LABELS,
  existingAnalysisView,
  newAnalysisView,
} from '../../web/src/features/analysis/utils/status-labels';

const existingLabel = (loadFailed: boolean, status: Parameters<typeof existingAnalysisView>[1]) =>
  EXISTING_ANALYSIS_LABELS[existingAnalysisView(loadFailed, status)];
const newLabel = (phase: Parameters<typeof newAnalysisView>[0], hasFile: boolean) => NEW_ANALYSIS_LABELS[newAnalysisView(phase, hasFile)];

describe('status line of an existing analysis', () => {
  it("reads 'Loading...' before the first answer", () => {
    expect(existingLabel(false, null)).toBe('Loading...');
  });
  it('names each stored status', () => {
    expect(existingLabel(false, 'initializing')).toBe('Initializing');
    expect(existingLabel(false, 'analyzing')).toBe('Analyzing');
    expect(existingLabel(false, 'completed')).toBe('Completed');
    expect(existingLabel(false, 'complete')).toBe('Completed');
    expect(existingLabel(false, 'error')).toBe('Error');
  });
  it("reads 'Error' when the load failed, whatever status was cached", () => {
    expect(existingLabel(true, null)).toBe('Error');
    expect(existingLabel(true, 'analyzing')).toBe('Error');
  });
});

describe('status line of a new analysis', () => {
  it("reads 'Waiting for upload' until a file is chosen", () => {
    expect(newLabel('idle', false)).toBe('Waiting for upload');
  });
  it("reads 'Ready' once a file is chosen", () => {
    expect(newLabel('idle', true)).toBe('Ready');
  });
  it("reads 'Analyzing' while the file uploads", () => {
    expect(newLabel('uploading', true)).toBe('Analyzing');
  });
  it("reads 'Error' after a failed upload", () => {
    expect(newLabel('error', true)).toBe('Error');
  });
});
