/**
 * The distinct (order, product) pairs behind invoice baskets, deduplicated cheaply.
 *
 * Exports list an invoice's lines together, so while orders arrive grouped a per-product
 * "last order seen" marker tells a repeated product in O(1), and the pairs are kept as
 * the baskets themselves: one run of products per order (the run's start and its order),
 * which is already the CSR form the analyses read. There is about one pair per invoice
 * line, so this is the one aggregate that grows with the rows: runs keep it at 4 bytes a
 * line instead of 8, and the baskets need no second copy when the ingest finishes.
 *
 * The first time an order reappears after another one (the file is not grouped by order),
 * every pair so far moves into a hash map and the rest go through it. Either way the
 * result is exact; the grouped path just avoids a million-entry hash table.
 */
import { groupedByOwner } from './csr';
import { growI32, growthBytes, release, trimmed } from './growable';
import { PairMap } from './pair-map';

export class OrderProducts {
  size = 0;
  /** Grouped: each pair's product, run after run. */
  private products = new Int32Array(1024);
  /** Grouped: the order of each run and where its products start (`runStart[runs]` = size). */
  private runOrder = new Int32Array(256);
  private runStart = new Int32Array(257);
  private runs = 0;
  private grouped = true;
  private current = -1;
  private orderSeen = new Int32Array(1024); // 1 once an order has been the current one
  private productLastOrder = new Int32Array(256).fill(-1);
  /** Ungrouped: the pairs, in the order they were first seen. */
  private map: PairMap | null = null;

  /** Records the pair; returns true when it is new. */
  add(order: number, product: number): boolean {
    if (this.grouped && order !== this.current) {
      this.orderSeen = growI32(this.orderSeen, order + 1);
      if (this.orderSeen[order] === 1) this.ungroup();
      else {
        this.orderSeen[order] = 1;
        this.current = order;
      }
    }
    if (!this.grouped) {
      const map = this.map as PairMap;
      map.upsert(order, product);
      if (map.added) this.size++;
      return map.added;
    }
    this.productLastOrder = growI32(this.productLastOrder, product + 1, -1);
    if (this.productLastOrder[product] === order) return false;
    this.productLastOrder[product] = order;
    this.append(order, product);
    return true;
  }

  /** The pairs as parallel (order, product) arrays of `size` elements. */
  pairs(): { a: Int32Array<ArrayBuffer>; b: Int32Array<ArrayBuffer> } {
    if (this.map) return { a: this.map.a.subarray(0, this.size), b: this.map.b.subarray(0, this.size) };
    const a = new Int32Array(this.size);
    for (let run = 0; run < this.runs; run++) a.fill(this.runOrder[run], this.runStart[run], this.runStart[run + 1]);
    return { a, b: this.products.subarray(0, this.size) };
  }

  /**
   * The baskets in CSR form, one per order with a pair (`orders` = how many orders were
   * interned). Grouped, they are the runs as they are; otherwise they are built by order.
   */
  baskets(orders: number): { offsets: Int32Array; items: Int32Array } {
    if (!this.map) return { offsets: this.runStart.slice(0, this.runs + 1), items: trimmed(this.products, this.size) };
    return groupedByOwner(orders, this.size, this.map.a, this.map.b);
  }

  /** Bytes the pairs would add if `more` new pairs came (their arrays double when full). */
  growthWithin(more: number): number {
    if (this.map) return this.map.growthWithin(more);
    return growthBytes(this.products, this.size + more);
  }

  /** Drops the dedup state once no more pairs will be added (the pairs stay readable). */
  releaseLookups(): void {
    release(this.orderSeen);
    release(this.productLastOrder);
    this.orderSeen = new Int32Array(0);
    this.productLastOrder = new Int32Array(0);
    this.map?.releaseLookups();
  }

  private append(order: number, product: number): void {
    if (order !== (this.runs > 0 ? this.runOrder[this.runs - 1] : -1)) {
      this.runOrder = growI32(this.runOrder, this.runs + 1);
      this.runStart = growI32(this.runStart, this.runs + 2);
      this.runOrder[this.runs] = order;
      this.runStart[this.runs] = this.size;
      this.runs++;
    }
    this.products = growI32(this.products, this.size + 1);
    this.products[this.size++] = product;
    this.runStart[this.runs] = this.size;
  }

  private ungroup(): void {
    this.grouped = false;
    const map = new PairMap(false);
    const { a, b } = this.pairs();
    for (let i = 0; i < this.size; i++) map.upsert(a[i], b[i]);
    this.map = map;
    for (const array of [this.products, this.runOrder, this.runStart]) release(array);
    this.products = this.runOrder = this.runStart = new Int32Array(0);
    this.runs = 0;
  }
}
