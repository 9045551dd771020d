/**
 * A `query_data` answer in the transcript: the tool step is a collapsible step labelled
 * with the spec in words, the answer's table renders as a GFM table with a formula-safe
 * "Download as CSV" link, and the snapshot files have readable names in the artifacts list.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Artifact } from '../../web/src/features/analysis/api/get-analysis';
import { ArtifactRow } from '../../web/src/features/analysis/components/artifact-row';
import { MessageList } from '../../web/src/features/analysis/components/message-list';
import { buildTranscript } from '../../web/src/features/analysis/utils/transcript';
import { assistant, toolResults } from './transcript-fixtures';

function renderTranscript(messages: Parameters<typeof buildTranscript>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MessageList items={buildTranscript(messages)} running={false} accessToken="link-token" />
    </QueryClientProvider>,
  );
}

/** The CSV a "Download as CSV" link carries. */
function csvOfLink(link: HTMLElement): string {
  const href = link.getAttribute('href') ?? '';
  const prefix = 'data:text/csv;charset=utf-8,';
  expect(href.startsWith(prefix)).toBe(true);
  return decodeURIComponent(href.slice(prefix.length));
}

afterEach(cleanup);

const SPEC = {
  measures: ['revenue'],
  groupBy: ['region'],
  filters: [{ dimension: 'category', values: ['Chairs'], match: 'fuzzy' }],
  period: { from: '2024-01-01', to: '2024-12-31' },
};

describe('a query_data answer in the transcript', () => {
  it('shows the query as a collapsible step labelled with the spec in words', () => {
    renderTranscript([
      assistant({ type: 'tool_use', id: 'q1', name: 'query_data', input: SPEC }),
      toolResults({ type: 'tool_result', tool_use_id: 'q1', content: '{"understood":"revenue, by region"}', is_error: false }),
    ]);
    const step = screen.getByRole('button', {
      name: 'Querying the rows: revenue, by region, category = Chairs, 2024-01-01 … 2024-12-31 query_data',
    });
    expect(step.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(step);
    expect(step.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/"region"/)).toBeTruthy();
  });

  it('labels a top-N query by its ranking', () => {
    renderTranscript([
      assistant({
        type: 'tool_use',
        id: 'q2',
        name: 'query_data',
        input: { measures: ['grossProfit'], groupBy: ['customer'], limit: 5, sort: { by: 'grossProfit', direction: 'asc' } },
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Querying the rows: bottom 5 by gross profit, by customer query_data' })).toBeTruthy();
  });

  // It read "Querying the rows: revenue" above an answer of 47,858.35 a month.
  it('labels an average per month as one', () => {
    renderTranscript([
      assistant({ type: 'tool_use', id: 'q3', name: 'query_data', input: { measures: ['revenue'], groupBy: ['region'], per: 'month' } }),
    ]);
    expect(screen.getByRole('button', { name: 'Querying the rows: average revenue per month, by region query_data' })).toBeTruthy();
  });

  it('labels an average over a column as one', () => {
    renderTranscript([
      assistant({
        type: 'tool_use',
        id: 'q4',
        name: 'query_data',
        input: { measures: ['customers'], groupBy: ['region'], averageOver: 'salesRep' },
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Querying the rows: average customers per sales rep, by region query_data' })).toBeTruthy();
  });

  // It read "region = United Kingdom" above a ranking of every other country.
  it('labels values left out, and each unit against an earlier one, as the answer does', () => {
    renderTranscript([
      assistant({
        type: 'tool_use',
        id: 'q4',
        name: 'query_data',
        input: {
          measures: ['revenue'],
          groupBy: ['region'],
          filters: [{ dimension: 'region', values: ['United Kingdom'], exclude: true }],
        },
      }),
      assistant({
        type: 'tool_use',
        id: 'q5',
        name: 'query_data',
        input: {
          measures: ['revenue'],
          groupBy: ['quarter'],
          changeFrom: 'yearBefore',
          filters: [{ dimension: 'region', values: ['UK', 'EIRE'], exclude: true }],
        },
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Querying the rows: revenue, by region, region ≠ United Kingdom query_data' })).toBeTruthy();
    renderTranscript([
      assistant({
        type: 'tool_use',
        id: 'q6',
        name: 'query_data',
        input: {
          measures: ['revenue'],
          groupBy: ['region'],
          period: { from: '2021-01-01', to: '2021-12-31' },
          compareTo: { from: '2020-01-01', to: '2020-12-31' },
          sort: { by: 'revenue', on: 'percentChange' },
          limit: 1,
        },
      }),
    ]);
    expect(
      screen.getByRole('button', {
        name: 'Querying the rows: top 1 by % change in revenue, by region, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31 query_data',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Querying the rows: revenue, by quarter, each against the same quarter a year before, region not in UK, EIRE query_data',
      }),
    ).toBeTruthy();
  });

  // It read "Querying the rows: revenue, Sub-Category = Tables" above the Chairs buyers' Tables revenue.
  it('names the buyers a query is of, and the customers of every unit, as the answer does', () => {
    renderTranscript([
      assistant({
        type: 'tool_use',
        id: 'q6',
        name: 'query_data',
        input: {
          measures: ['revenue'],
          filters: [{ dimension: 'column:Sub-Category', values: ['Tables'] }],
          buyersOf: { dimension: 'column:Sub-Category', values: ['Chairs'] },
        },
      }),
      assistant({ type: 'tool_use', id: 'q7', name: 'query_data', input: { measures: ['revenue'], boughtEvery: 'year' } }),
    ]);
    expect(
      screen.getByRole('button', {
        name: 'Querying the rows: revenue, Sub-Category = Tables, customers who bought Sub-Category = Chairs query_data',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Querying the rows: customers who bought in every year query_data' })).toBeTruthy();
  });

  it('renders the answer table as a GFM table with a formula-safe CSV download', () => {
    renderTranscript([
      assistant({
        type: 'text',
        text: [
          'I understood: **revenue, by customer**.',
          '',
          '| Customer | Revenue |',
          '| --- | ---: |',
          '| =HYPERLINK("http://x") | 1,234.50 |',
          '| @Acme, Inc | -12.00 |',
          '| +Plus | 7 |',
        ].join('\n'),
      }),
    ]);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('columnheader', { name: 'Revenue' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download as CSV' });
    expect(link.getAttribute('download')).toBe('table.csv');
    expect(csvOfLink(link)).toBe('Customer,Revenue\r\n"\'=HYPERLINK(""http://x"")",1234.5\r\n"\'@Acme, Inc",-12\r\n\'+Plus,7\r\n');
  });

  // At 390 px "revenue 2023-01-01 … 2023-12-31" broke inside its dates ("2023-01-" / "01").
  it('keeps each date of a column heading whole, and the heading and its CSV as written', () => {
    renderTranscript([
      assistant({
        type: 'text',
        text: ['| customer | revenue 2023-01-01 … 2023-12-31 |', '| --- | ---: |', '| Berg B.V. 6 | 67,345.54 |'].join('\n'),
      }),
    ]);
    const heading = screen.getByRole('columnheader', { name: 'revenue 2023-01-01 … 2023-12-31' });
    expect([...heading.querySelectorAll('span.date')].map((span) => span.textContent)).toEqual(['2023-01-01', '2023-12-31']);
    expect(screen.getByRole('columnheader', { name: 'customer' }).querySelector('span')).toBeNull();
    expect(csvOfLink(screen.getByRole('link', { name: 'Download as CSV' }))).toBe(
      'customer,revenue 2023-01-01 … 2023-12-31\r\nBerg B.V. 6,67345.54\r\n',
    );
  });

  it('offers no CSV link on an answer without a table', () => {
    renderTranscript([assistant({ type: 'text', text: 'Revenue in 2024 was **1,234.50**.' })]);
    expect(screen.queryByRole('link', { name: 'Download as CSV' })).toBeNull();
  });
});

describe('the snapshot files in the artifacts list', () => {
  const artifact = (file_name: string, content_type: string, file_size: number | null = 2048): Artifact => ({
    id: file_name,
    artifact_type: 'data',
    file_name,
    file_location: `artifacts/a1/${file_name}`,
    file_size,
    content_type,
    created_at: '2026-11-21T10:00:00.000Z',
  });

  it.each([
    ['rows.parquet', 'application/vnd.apache.parquet', 'Cleaned data (Parquet)'],
    ['rows.csv', 'text/csv; charset=utf-8', 'Cleaned data (CSV)'],
  ])('names %s “%s”', (fileName, contentType, label) => {
    render(
      <MemoryRouter>
        <ArtifactRow artifact={artifact(fileName, contentType)} analysisId="a1" accessToken="link-token" />
      </MemoryRouter>,
    );
    expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText(`${fileName} · 2.0 KB`)).toBeTruthy();
  });

  it('says the CSV copy, which has no size until it is made, is made when downloaded', () => {
    render(
      <MemoryRouter>
        <ArtifactRow artifact={artifact('rows.csv', 'text/csv; charset=utf-8', null)} analysisId="a1" accessToken="link-token" />
      </MemoryRouter>,
    );
    expect(screen.getByText('rows.csv · made when downloaded')).toBeTruthy();
  });
});
