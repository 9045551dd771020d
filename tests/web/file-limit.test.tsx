import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderNewAnalysisFlow as renderFlow } from './new-analysis-flow';

afterEach(cleanup);

/** A CSV file object that reports `size` bytes without holding them. */
function csvOfSize(size: number, name = 'export.csv'): File {
  const file = new File(['InvoiceNo,Amount\n1,2\n'], name, { type: 'text/csv' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the upload size limit in the web app', () => {
  it('refuses a file over 700 MB with its size, before any request is sent', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { result } = renderFlow();
    act(() => result.current.flow.chooseFile(csvOfSize(700 * 1024 * 1024 + 5 * 1024 * 1024)));
    expect(result.current.flow.file).toBeNull();
    expect(result.current.notes.notes.map((note) => note.text)).toEqual([
      'This file is 705 MB. Tally analyses files of up to 700 MB; split it, for example by year, and analyse each part.',
    ]);
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });

  it('loads a file of exactly 700 MB', () => {
    const { result } = renderFlow();
    act(() => result.current.flow.chooseFile(csvOfSize(700 * 1024 * 1024)));
    expect(result.current.flow.file?.name).toBe('export.csv');
  });

  it('refuses a workbook over 32 MB with the engine message, before any request is sent', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { result } = renderFlow();
    act(() => result.current.flow.chooseFile(csvOfSize(32 * 1024 * 1024 + 1, 'Orders.XLSX')));
    expect(result.current.flow.file).toBeNull();
    expect(result.current.notes.notes.map((note) => note.text)).toEqual([
      'This workbook is larger than 32 MB. Save the data sheet as CSV and upload that instead.',
    ]);
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
    act(() => result.current.flow.chooseFile(csvOfSize(32 * 1024 * 1024, 'orders.xls')));
    expect(result.current.flow.file?.name).toBe('orders.xls');
  });
});
