/**
 * Revenue and cost per (sales rep, customer), for the rep scorecards. The builder feeds
 * it every accepted line when the file has a sales-rep column; a per-customer rep map
 * (a joined customer master, Superstore's regional managers) gives the same shape with
 * `repBookOfCustomers`. Memory grows with distinct (rep, customer) pairs, never rows.
 */
import type { RecordView } from '../ingest/tokenizer';
import { keyEnd, keyStart } from './cells';
import { ByteInterner } from './intern';
import { PairMap } from './pair-map';
import type { CustomerAggregates } from './types';

/** A blank rep cell: the line counts as unassigned, not as a rep called "". */
export const NO_REP = -1;
/** A line without a customer: it counts toward its rep's revenue, not toward any book. */
export const NO_CUSTOMER = -1;

/** Where the rep of a line came from. */
export type RepSource = 'column' | 'customer-attribute';

/** One entry per distinct (rep, customer) pair, as parallel arrays. */
export interface RepBook {
  source: RepSource;
  /** Rep names by rep index. */
  names: string[];
  /** Rep index, or NO_REP for lines with a blank rep. */
  rep: Int32Array;
  /** Customer index (as in `Aggregates.customers`), or NO_CUSTOMER. */
  customer: Int32Array;
  /** Net revenue of the pair's lines (returns negative). */
  revenue: Float64Array;
  /** Cost of the pair's lines; all zero when the file has no cost. */
  cost: Float64Array;
}

/** Accumulates the book during the ingest pass. */
export class RepBookBuilder {
  private readonly reps = new ByteInterner(true);
  // Customer -1 (no customer) and rep -1 (blank) are shifted by one so the map sees non-negative keys.
  private readonly pairs = new PairMap(true);
  private cost = new Float64Array(1024);
  /** The rep of the last line added: the parallel parse's row log records it for the replay. */
  lastRep = NO_REP;

  constructor(private readonly column: number) {}

  /** The rep names' interner: a parallel parse exports a range's names and interns them here. */
  get names(): ByteInterner {
    return this.reps;
  }

  /** Adds one accepted line (amount and cost as the builder computed them). */
  add(view: RecordView, customer: number, amount: number, cost: number): void {
    this.lastRep = this.repOf(view);
    this.addTo(this.lastRep, customer, amount, cost);
  }

  /** Adds a line whose rep index is known (the parallel parse replays later ranges' lines). */
  addTo(rep: number, customer: number, amount: number, cost: number): void {
    const pair = this.pairs.upsertCached(rep + 1, customer + 1, 'b');
    if (pair >= this.cost.length) {
      const grown = new Float64Array(Math.max(this.pairs.revenue.length, pair + 1));
      grown.set(this.cost);
      this.cost = grown;
    }
    this.pairs.revenue[pair] += amount;
    this.cost[pair] += cost;
  }

  /** The finished book; the builder accepts no lines afterwards. */
  finish(): RepBook {
    const n = this.pairs.size;
    this.pairs.releaseLookups();
    this.reps.releaseLookups();
    return {
      source: 'column',
      names: this.reps.keys,
      rep: Int32Array.from(this.pairs.a.subarray(0, n), (r) => r - 1),
      customer: Int32Array.from(this.pairs.b.subarray(0, n), (c) => c - 1),
      revenue: this.pairs.revenue.slice(0, n),
      cost: this.cost.slice(0, n),
    };
  }

  private repOf(view: RecordView): number {
    if (this.column >= view.count) return NO_REP;
    const end = keyEnd(view.buf, view.starts[this.column], view.ends[this.column]);
    const start = keyStart(view.buf, view.starts[this.column], end);
    return start < end ? this.reps.intern(view.buf, start, end) : NO_REP;
  }
}

/**
 * A book from one rep per customer id (e.g. a customer master's rep column, or a region
 * → manager table applied to each customer's region): each customer's whole revenue and
 * cost go to their rep. Customers missing from the map, or mapped to a blank, are unassigned.
 */
export function repBookOfCustomers(customers: CustomerAggregates, repOf: Readonly<Record<string, string | null | undefined>>): RepBook {
  const names: string[] = [];
  const index = new Map<string, number>();
  const rep = new Int32Array(customers.count);
  for (let i = 0; i < customers.count; i++) {
    const name = Object.hasOwn(repOf, customers.ids[i]) ? (repOf[customers.ids[i]] ?? '').trim() : '';
    if (name === '') {
      rep[i] = NO_REP;
      continue;
    }
    if (!index.has(name)) {
      index.set(name, names.length);
      names.push(name);
    }
    rep[i] = index.get(name) as number;
  }
  return {
    source: 'customer-attribute',
    names,
    rep,
    customer: Int32Array.from({ length: customers.count }, (_, i) => i),
    revenue: customers.revenue.slice(),
    cost: customers.cost ? customers.cost.slice() : new Float64Array(customers.count),
  };
}

/**
 * One rep per customer id from a region → rep table (Superstore's `People` sheet maps
 * each region to its regional manager), through each customer's region.
 */
export function customerRepsByRegion(
  customers: CustomerAggregates,
  repOfRegion: Readonly<Record<string, string>>,
): Record<string, string | null> {
  const reps: Record<string, string | null> = {};
  customers.ids.forEach((id, i) => {
    const region = customers.regions[i];
    reps[id] = region !== null && Object.hasOwn(repOfRegion, region) ? repOfRegion[region] : null;
  });
  return reps;
}
