/** Adding lookup files (a customer master, a returns list) before starting an analysis. */
import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderNewAnalysisFlow as renderFlow } from './new-analysis-flow';
import { uploadAnalysis } from '../../web/src/features/analysis/api/upload-analysis';

afterEach(cleanup);

const csv = (name: string): File => new File(['Customer ID,Region\nC1,North\n'], name, { type: 'text/csv' });

describe('joining files in the web app', () => {
  it('adds up to two files to join, refuses a repeated name, and forgets them when the main file changes', () => {
    const { result } = renderFlow();
    act(() => result.current.flow.addLookupFile(csv('customers.csv')));
    expect(result.current.flow.lookupFiles).toEqual([]);
    act(() => result.current.flow.chooseFile(csv('orders.csv')));
    act(() => result.current.flow.addLookupFile(csv('orders.csv')));
    act(() => result.current.flow.addLookupFile(csv('customers.csv')));
    act(() => result.current.flow.addLookupFile(csv('returns.csv')));
    act(() => result.current.flow.addLookupFile(csv('third.csv')));
    expect(result.current.flow.lookupFiles.map((f) => f.name)).toEqual(['customers.csv', 'returns.csv']);
    expect(result.current.notes.notes.map((note) => note.text).slice(1)).toEqual([
      'Each file must have a different name.',
      'customers.csv (0.00 MB) is added; it will be joined to orders.csv.',
      'returns.csv (0.00 MB) is added; it will be joined to orders.csv.',
    ]);
    act(() => result.current.flow.chooseFile(csv('other.csv')));
    expect(result.current.flow.lookupFiles).toEqual([]);
  });

  it('refuses a lookup file over 2 MB with the engine message, before any request is sent', () => {
    const { result } = renderFlow();
    act(() => result.current.flow.chooseFile(csv('orders.csv')));
    const big = csv('customers.csv');
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 + 1 });
    act(() => result.current.flow.addLookupFile(big));
    expect(result.current.flow.lookupFiles).toEqual([]);
    expect(result.current.notes.notes.map((note) => note.text).slice(1)).toEqual([
      "'customers.csv' is larger than 2 MB, too large for a lookup file. Join a smaller customer or returns file.",
    ]);
  });

  it('sends the lookup files as further file parts of the one upload request', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ analysis_id: 'a' }), { status: 200 }));
    await uploadAnalysis({
      file: csv('orders.csv'),
      lookupFiles: [csv('customers.csv'), csv('returns.csv')],
      email: 'me@example.com',
      message: 'Full analysis',
      analysisType: 'comprehensive',
      promptFile: 'p',
      captchaToken: null,
      currency: '',
    });
    const [input, init] = fetch.mock.calls[0];
    const request = input instanceof Request ? input : new Request(input, init);
    const form = await request.formData();
    expect(form.getAll('file').map((f) => (f as File).name)).toEqual(['orders.csv', 'customers.csv', 'returns.csv']);
    fetch.mockRestore();
  });

  it('sends each lookup file in parts as its own upload beside a large first file', async () => {
    const calls: string[] = [];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      calls.push(`${request.method} ${path}`);
      const plan = (id: string) => ({ upload_id: id, upload_token: `t-${id}`, part_size: 1024, part_count: 1, spaces_key: 'k' });
      const body =
        path === '/api/uploads'
          ? plan('first')
          : path.endsWith('/files')
            ? plan(`lookup${calls.length}`)
            : path.endsWith('/complete')
              ? { analysis_id: 'a' }
              : { part_number: 1, etag: 'e' };
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: path.endsWith('/files') || path === '/api/uploads' ? 201 : 200 }),
      );
    });
    const big = csv('orders.csv');
    Object.defineProperty(big, 'size', { value: 96 * 1024 * 1024 });
    await uploadAnalysis({
      file: big,
      lookupFiles: [csv('customers.csv')],
      email: 'me@example.com',
      message: 'Full analysis',
      analysisType: 'comprehensive',
      promptFile: 'p',
      captchaToken: null,
      currency: '',
    });
    expect(calls).toEqual([
      'POST /api/uploads',
      'PUT /api/uploads/first/parts/1',
      'POST /api/uploads/first/files',
      'PUT /api/uploads/lookup3/parts/1',
      'POST /api/uploads/first/complete',
    ]);
    fetch.mockRestore();
  });
});
