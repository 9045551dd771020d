/**
 * A country named in full finds the ISO code a file writes ("sales for austria" → AT), with
 * the names from the runtime's `Intl.DisplayNames`: this runs in workerd, where the offline
 * analyst runs in the Durable Object, to show the runtime has them.
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../worker/agent/offline/query-grammar';
import type { SnapshotMeta } from '../../worker/engine/snapshot/columns';

const meta: SnapshotMeta = {
  rows: 3,
  hasCost: false,
  hasQuantity: false,
  hasOrderId: true,
  hasDates: true,
  firstDay: 19_723,
  lastDay: 19_800,
  dimensions: [{ key: 'region', label: 'region', column: 'region', values: ['AT', 'CH', 'NL'] }],
};

describe('country codes in workerd', () => {
  it('reads "sales for austria" as the region AT, and refuses a country the file has not', () => {
    expect(parseQuestion('sales for austria', meta, new Date('2024-03-01T00:00:00Z'))).toEqual({
      kind: 'spec',
      spec: { measures: ['revenue'], groupBy: [], filters: [{ dimension: 'region', values: ['AT'], match: 'exact' }] },
    });
    expect(parseQuestion('sales for portugal', meta, new Date('2024-03-01T00:00:00Z'))).toMatchObject({ kind: 'refused' });
  });
});
