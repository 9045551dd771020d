/**
 * Whether a region is each customer's own. The ingest keeps one region per customer, that
 * of its first row, and the churn list and the customer rankings filter by it. That holds
 * where the region is the customer's (the generated file's, Online Retail's country), not
 * where it is the order's: on Superstore 766 of 793 customers bought in more than one
 * region, and "most valuable customers in the west" ranked the 255 whose first row was in
 * the West, by what they bought everywhere, while "top customers in the west" ranked the
 * 686 who bought there by their West sales. Such a region is answered by the rows.
 */
import { customersSpanning, customersWhere, QueryRefusal, type CustomersSpanning } from '../../engine/query';
import type { Snapshot } from '../../engine/snapshot/columns';
import { normalise } from './tool-kit';

/** How the customers with rows in a region compare with those whose own region it is. */
export interface RegionSpread {
  /** The region as the file writes it. */
  region: string;
  /** Customers with at least one row in the region. */
  withRows: number;
  /** Of those, the customers whose own (first row's) region it is. */
  ownRegion: number;
  /** The file's customers, and how many of them bought in more than one region. */
  spanning: CustomersSpanning;
}

/**
 * More than this share of the customers buying in several regions makes the region the
 * orders': Superstore's 97%, not Online Retail's 0.1% (2 customers of about 1,800, whose
 * countries stay theirs).
 */
const ORDERS_REGION_SHARE = 0.05;

/**
 * Each snapshot's customers across regions, read once: the offline answer asks, and then the
 * tool it calls for a region that is the customers' asks again (it read the rows twice).
 */
const spanningBySnapshot = new WeakMap<Snapshot, Promise<CustomersSpanning>>();

function spanningOf(snapshot: Snapshot): Promise<CustomersSpanning> {
  let spanning = spanningBySnapshot.get(snapshot);
  if (!spanning) {
    spanning = customersSpanning(snapshot, 'region');
    spanningBySnapshot.set(snapshot, spanning);
  }
  return spanning;
}

/**
 * The region's spread when the file's regions are the orders' (`ORDERS_REGION_SHARE`) and some
 * customers with rows in this one have another region of their own, or null: the region is
 * each customer's own, or the rows can't tell (no snapshot, no such region). Every customer
 * whose own region it is has a row in it, so comparing the two counts is comparing the two sets.
 */
export async function regionSpreadOf(
  snapshot: Snapshot | undefined,
  customerRegions: Readonly<Record<string, string | null>>,
  region: string,
): Promise<RegionSpread | null> {
  const wanted = normalise(region);
  const written = [...new Set(Object.values(customerRegions))].filter((r): r is string => r !== null && normalise(r) === wanted);
  if (!snapshot || written.length === 0) return null;
  const ownRegion = Object.values(customerRegions).filter((r) => r !== null && normalise(r) === wanted).length;
  try {
    const spanning = await spanningOf(snapshot);
    if (spanning.inSeveral <= spanning.customers * ORDERS_REGION_SHARE) return null;
    const { customers } = await customersWhere(snapshot, [{ dimension: 'region', values: written, match: 'exact' }]);
    return customers.size > ownRegion ? { region: written[0], withRows: customers.size, ownRegion, spanning } : null;
  } catch (error) {
    // A snapshot without the region column, or without that value: the rows can't tell.
    if (error instanceof QueryRefusal) return null;
    throw error;
  }
}

/** "766 of the 793 customers … bought in more than one region: …", the reason a customer has no one region. */
export function regionSpreadSaid({ region, withRows, ownRegion, spanning }: RegionSpread): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return `${n(spanning.inSeveral)} of the ${n(spanning.customers)} customers in this file bought in more than one region: ${n(withRows)} bought in ${region}, and ${n(ownRegion)} of them have it as the region of their first row.`;
}
