import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageList } from '../../web/src/features/analysis/components/message-list';
import { buildTranscript } from '../../web/src/features/analysis/utils/transcript';
import { toolLabel } from '../../web/src/features/analysis/utils/tool-labels';
import { assistant, message, plan, toolResults } from './transcript-fixtures';

function renderTranscript(messages: Parameters<typeof buildTranscript>[0], accessToken: string | null = 'link-token', running = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MessageList items={buildTranscript(messages)} running={running} accessToken={accessToken} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:chart');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MessageList renders every content kind', () => {
  it('renders assistant text as markdown (GFM tables included)', () => {
    renderTranscript([
      assistant({ type: 'text', text: '**Harbor Bistro** leads.\n\n| Customer | Revenue |\n|---|---|\n| Harbor | 3,628 |' }),
    ]);
    expect(screen.getByText('Harbor Bistro').tagName).toBe('STRONG');
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('drops unsafe link protocols from markdown', () => {
    renderTranscript([assistant({ type: 'text', text: '[click](javascript:alert(1)) and [docs](https://example.com)' })]);
    expect(screen.getByText('docs').getAttribute('href')).toBe('https://example.com');
    expect(screen.getByText('click').getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('renders tool calls as compact steps with friendly labels that expand to input and result', () => {
    renderTranscript([
      assistant({ type: 'tool_use', id: 't1', name: 'get_churn_risk', input: { limit: 5 } }),
      toolResults({ type: 'tool_result', tool_use_id: 't1', content: '3 customers at risk', is_error: false }),
    ]);
    const step = screen.getByRole('button', { name: /Checking churn risk/ });
    expect(step.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(step);
    expect(step.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('3 customers at risk')).toBeTruthy();
    expect(screen.getByText(/"limit": 5/)).toBeTruthy();
  });

  it('marks failed tool calls as tool errors', () => {
    renderTranscript([
      assistant({ type: 'tool_use', id: 't2', name: 'rank_products', input: { metric: 'colour' } }),
      toolResults({ type: 'tool_result', tool_use_id: 't2', content: 'metric: Invalid option', is_error: true }),
    ]);
    expect(screen.getByText('Tool error')).toBeTruthy();
  });

  it('renders the latest TodoWrite plan as a live checklist', () => {
    renderTranscript(
      [plan('p0', ['in_progress', 'pending', 'pending']), plan('p1', ['completed', 'in_progress', 'pending'])],
      'link-token',
      true,
    );
    const checklist = screen.getByRole('region', { name: 'Analysis plan' });
    expect(within(checklist).getByText('1 of 3 done')).toBeTruthy();
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-status')),
    ).toEqual(['completed', 'in_progress', 'pending']);
  });

  it('shows the step a finished run stopped in as stopped, not spinning', () => {
    renderTranscript([plan('p0', ['completed', 'in_progress', 'pending'])], 'link-token', false);
    const steps = within(screen.getByRole('region', { name: 'Analysis plan' })).getAllByRole('listitem');
    expect(steps.map((item) => item.getAttribute('data-status'))).toEqual(['completed', 'stopped', 'pending']);
    expect(steps[1].textContent).toMatch(/\(stopped\)$/);
    expect(steps[1].querySelector('.animate-spin')).toBeNull();
  });

  it('shows charts inline from the artifact-image endpoint, using the secure-link token', async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(new Blob(['<svg/>'], { type: 'image/svg+xml' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderTranscript([assistant({ type: 'image', artifact_id: 'art9', file_name: 'top.svg', alt: 'Top customers by revenue' })]);
    const image = await screen.findByRole('img', { name: 'Top customers by revenue' });
    expect(image.getAttribute('src')).toBe('blob:chart');
    expect(image.className).toContain('max-h-[400px]');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/artifact-image/art9?access_token=link-token');
  });

  it('hides a chart that fails to load', async () => {
    const fetchMock = vi.fn(async () => new Response('{"error":"Artifact not found"}', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderTranscript([assistant({ type: 'image', artifact_id: 'gone', file_name: 'x.svg', alt: 'Lost chart' })]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('[data-kind="image"]')?.textContent).toBe(''));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows system notes, with failures as alerts, and user questions as bubbles', () => {
    renderTranscript([message('system', 'Upload failed: The file is empty'), message('user', 'Who buys the most?')]);
    expect(screen.getByRole('alert').textContent).toContain('Upload failed: The file is empty');
    expect(screen.getByText('Who buys the most?')).toBeTruthy();
  });
});

describe('tool labels', () => {
  it('names the analyst tools and the spec tools in plain words', () => {
    expect(toolLabel('get_concentration', {})).toBe('Measuring revenue concentration');
    expect(toolLabel('make_chart', {})).toBe('Drawing a chart');
    expect(toolLabel('Read', { file_path: '/data/sales.csv', limit: 10 })).toBe('Reading sales.csv');
    expect(toolLabel('Bash', { description: 'Count rows', command: 'wc -l' })).toBe('Count rows');
    expect(toolLabel('Grep', { pattern: 'churn' })).toBe('Searching for “churn”');
    expect(toolLabel('get_order_lines', {})).toBe('Get order lines');
  });

  it('names the rows the churn list and a segment were narrowed to', () => {
    expect(toolLabel('get_churn_risk', { where: [{ dimension: 'column:State', values: ['Texas'] }] })).toBe(
      'Checking churn risk: customers with rows where State = Texas',
    );
    expect(toolLabel('get_segments', { segment: 'Loyal', where: [{ dimension: 'region', values: ['West'], exclude: true }] })).toBe(
      'Segmenting customers: customers with rows where region ≠ West',
    );
    expect(toolLabel('get_churn_risk', { risk: 'high' })).toBe('Checking churn risk');
  });

  it("names a query's columns as the answer does, not by their internal keys", () => {
    const spec = {
      measures: ['grossProfit'],
      groupBy: ['column:State'],
      filters: [{ dimension: 'salesRep', values: ['Rep 3'] }],
      period: { from: '2021-01-01', to: '2021-12-31' },
      limit: 3,
    };
    expect(toolLabel('query_data', spec)).toBe(
      'Querying the rows: top 3 by gross profit, by State, sales rep = Rep 3, 2021-01-01 … 2021-12-31',
    );
  });

  // The step read "customers, 2023-01-01 … 2023-12-31": the other period was left out.
  it('names both periods of the customers who bought in two, as the answer does', () => {
    const year = (y: number) => ({ from: `${y}-01-01`, to: `${y}-12-31` });
    expect(toolLabel('query_data', { measures: ['customers'], period: year(2023), alsoBoughtIn: year(2024) })).toBe(
      'Querying the rows: customers who bought, 2023-01-01 … 2023-12-31, and also in 2024-01-01 … 2024-12-31',
    );
    expect(toolLabel('query_data', { measures: ['customers'], period: year(2023), notBoughtIn: year(2024) })).toBe(
      'Querying the rows: customers who bought, 2023-01-01 … 2023-12-31, but not in 2024-01-01 … 2024-12-31',
    );
    // It read "customers who bought, by product, customer = Sean Miller, …" above a list of products.
    const sean = { dimension: 'customer', values: ['Sean Miller'] };
    expect(
      toolLabel('query_data', {
        measures: ['customers'],
        groupBy: ['product'],
        filters: [sean],
        period: year(2020),
        notBoughtIn: year(2021),
      }),
    ).toBe('Querying the rows: products with sales, customer = Sean Miller, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31');
    expect(toolLabel('query_data', { measures: ['customers'], groupBy: ['customer'], period: year(2023), notBoughtIn: year(2024) })).toBe(
      'Querying the rows: customers who bought, 2023-01-01 … 2023-12-31, but not in 2024-01-01 … 2024-12-31',
    );
    const hydraulics = { dimension: 'category', values: ['Hydraulics'] };
    expect(
      toolLabel('query_data', {
        measures: ['customers'],
        filters: [hydraulics],
        neverBought: { dimension: 'category', values: ['Bearings'] },
      }),
    ).toBe('Querying the rows: customers who bought, category = Hydraulics, but never category = Bearings');
  });

  it('names every value the customers listed bought, before the other filters', () => {
    expect(
      toolLabel('query_data', {
        measures: ['customers'],
        filters: [{ dimension: 'region', values: ['West'] }],
        boughtAll: { dimension: 'column:Sub-Category', values: ['Chairs', 'Tables'] },
      }),
    ).toBe('Querying the rows: customers who bought each of Sub-Category = Chairs, Tables, region = West');
  });

  it('says a filter by the first words of names is one, not a value named so', () => {
    const spec = { measures: ['revenue'], filters: [{ dimension: 'customer', values: ['Hy-Vee'], match: 'startsWith' }] };
    expect(toolLabel('query_data', spec)).toBe('Querying the rows: revenue, customer name starting with “Hy-Vee”');
  });
});
