/**
 * Each chart appears once in an analysis's artifacts: the analyst shows the engine's
 * chart rather than storing a second copy under another name (issue 14, item 13).
 */
import { describe, expect, it } from 'vitest';
import salesCsv from '../fixtures/e2e/sales.csv?raw';
import { readAnalysis, runJob, uploadOk } from './helpers';

describe('artifacts list', () => {
  it('lists top-customers and monthly-trend once each, with no chart-* duplicates', async () => {
    const file = new File([salesCsv], 'sales.csv', { type: 'text/csv' });
    const { analysis_id, access_token } = await uploadOk({ file, message: 'Comprehensive Analysis', analysisType: 'comprehensive' });
    await runJob(analysis_id);
    const names = (await readAnalysis(analysis_id, access_token)).artifacts.map((a) => a.file_name);
    expect(names.filter((n) => n === 'top-customers.svg')).toHaveLength(1);
    expect(names.filter((n) => n === 'monthly-trend.svg')).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('chart-'))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });
});
