/** `get_overview` and the offline overview say how lookup files were joined (issue 16 part 4). */
import { describe, expect, it } from 'vitest';
import { invokeTool } from '../../worker/agent/tools';
import { analyse } from '../../worker/engine/analyze';
import { ingestFiles } from '../../worker/engine/join';
import { chunked } from '../engine/ingest/helpers';
import { wholesaleResult } from './fixtures/wholesale-result';
import { memoryArtifacts } from './helpers';

const ORDERS = 'Order ID,Order Date,Customer ID,Amount\nO1,2024-01-05,C1,100\nO2,2024-02-10,C2,300\n';
const RETURNS = 'Order ID,Returned\nO2,Yes\n';
const file = (fileName: string, text: string) => ({ fileName, source: chunked(new TextEncoder().encode(text), 64) });

describe('the overview of a joined analysis', () => {
  it('lists each join with its match rate and the returned orders', async () => {
    const result = analyse(await ingestFiles([file('orders.csv', ORDERS), file('returns.csv', RETURNS)], {}), { now: new Date(0) });
    const outcome = await invokeTool('get_overview', {}, { result, artifacts: memoryArtifacts() });
    expect(JSON.parse(outcome.content).joined).toEqual([
      "Joined 'returns.csv' on 'Order ID' (100.0% match: 1 of 1 listed keys found; adds Returned); 1 returned order, 300.00 of revenue (75.0%).",
    ]);
  });

  it('has no join entry for a single file', async () => {
    const outcome = await invokeTool('get_overview', {}, { result: wholesaleResult(), artifacts: memoryArtifacts() });
    expect(JSON.parse(outcome.content)).not.toHaveProperty('joined');
  });
});
