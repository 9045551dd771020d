/**
 * Issue 14 items 14 and 15: a long artifact file name is cut with an ellipsis and shown
 * in full on hover; each of the six landing use cases has its own icon.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Artifact } from '../../web/src/features/analysis/api/get-analysis';
import { ArtifactRow } from '../../web/src/features/analysis/components/artifact-row';
import { UseCases } from '../../web/src/features/landing/components/landing-sections';

afterEach(cleanup);

describe('artifact file names', () => {
  it('truncate with an ellipsis and carry the full name as the hover title', () => {
    const name = 'customer-lifetime-value-by-segment-and-region-2024-q1-to-2026-q3.csv';
    const artifact: Artifact = {
      id: 'artifact-1',
      artifact_type: 'data',
      file_name: name,
      file_location: 'analyses/a1/table.csv',
      file_size: 2048,
      content_type: 'text/csv',
      created_at: '2026-11-23T10:00:00Z',
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ArtifactRow artifact={artifact} analysisId="a1" accessToken="link" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const label = screen.getByText(name);
    expect(label.getAttribute('title')).toBe(name);
    // Tailwind's `truncate`: one line, hidden overflow, text-overflow: ellipsis.
    expect(label.className.split(' ')).toContain('truncate');
    expect(label.className).not.toContain('break-all');
  });
});

describe('the landing use cases', () => {
  it('each of the six cards has its own icon', () => {
    render(<UseCases />);
    const cards = screen.getAllByTestId('use-case');
    expect(cards).toHaveLength(6);
    const icons = cards.map((card) => card.querySelector('svg')?.innerHTML ?? '');
    expect(icons.every((svg) => svg.length > 0)).toBe(true);
    expect(new Set(icons).size).toBe(6);
  });
});
