/** Renders the new-analysis flow hook for a signed-in user, with its notes, for web tests. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { useNewAnalysis } from '../../web/src/features/analysis/hooks/use-new-analysis';
import { useNotes } from '../../web/src/features/analysis/hooks/use-notes';

export function renderNewAnalysisFlow() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(
    () => {
      const notes = useNotes();
      return { notes, flow: useNewAnalysis({ userEmail: 'me@example.com', notes }) };
    },
    { wrapper },
  );
}
