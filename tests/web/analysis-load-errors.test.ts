import { describe, expect, it } from 'vitest';
import { analysisLoadErrorText } from '../../web/src/features/analysis/api/get-analysis';
import { ApiError } from '../../web/src/lib/api-client';

describe('analysis load errors (SPEC §8)', () => {
  it('maps each failure to its text', () => {
    expect(analysisLoadErrorText(new ApiError(401, 'x', 'AUTH_REQUIRED'))).toBe(
      'Please sign in or create a free account to view this analysis',
    );
    expect(analysisLoadErrorText(new ApiError(401, 'x', 'OTHER'))).toBe('Authentication required. Please sign in to view this analysis');
    expect(analysisLoadErrorText(new ApiError(404, 'x', 'NOT_FOUND'))).toBe("Analysis not found or you don't have permission to view it");
    expect(analysisLoadErrorText(new ApiError(503, 'x'))).toBe('Unable to load analysis (503)');
  });
});
