/**
 * Pairs (owner, item) grouped by owner in CSR form: the owners with at least one kept pair,
 * in owner order, each holding its items in pair order. The invoice baskets of a file not
 * grouped by invoice, the customer baskets, and cross-sell's customer fallback are all this.
 */
export function groupedByOwner(
  owners: number,
  size: number,
  owner: ArrayLike<number>,
  item: ArrayLike<number>,
  keep: (pair: number) => boolean = () => true,
): { offsets: Int32Array; items: Int32Array } {
  const counts = new Int32Array(owners);
  for (let i = 0; i < size; i++) if (keep(i)) counts[owner[i]]++;
  const slotOf = new Int32Array(owners).fill(-1);
  let groups = 0;
  for (let o = 0; o < owners; o++) if (counts[o] > 0) slotOf[o] = groups++;
  const offsets = new Int32Array(groups + 1);
  for (let o = 0; o < owners; o++) if (counts[o] > 0) offsets[slotOf[o] + 1] = offsets[slotOf[o]] + counts[o];
  const items = new Int32Array(offsets[groups]);
  const fill = offsets.slice(0, groups);
  for (let i = 0; i < size; i++) if (keep(i)) items[fill[slotOf[owner[i]]]++] = item[i];
  return { offsets, items };
}
