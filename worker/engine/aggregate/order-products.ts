/**
 * The distinct (order, product) pairs behind invoice baskets, deduplicated cheaply.
 *
 * Exports list an invoice's lines together, so while orders arrive grouped a per-product
 * "last order seen" marker tells a repeated product in O(1) and pairs are simply
 * appended. The first time an order reappears after another one (the file is not grouped
 * by order), every pair so far moves into a hash map and the rest go through it. Either
 * way the result is exact; the grouped path just avoids a million-entry hash table.
 */
import { growI32, release } from './growable';
import { PairMap } from './pair-map';

export class OrderProducts {
  size = 0;
  a = new Int32Array(1024);
  b = new Int32Array(1024);
  private grouped = true;
  private current = -1;
  private orderSeen = new Int32Array(1024); // 1 once an order has been the current one
  private productLastOrder = new Int32Array(256).fill(-1);
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
      if (!map.added) return false;
      this.append(order, product);
      return true;
    }
    this.productLastOrder = growI32(this.productLastOrder, product + 1, -1);
    if (this.productLastOrder[product] === order) return false;
    this.productLastOrder[product] = order;
    this.append(order, product);
    return true;
  }

  /** Drops the dedup state once no more pairs will be added (the pairs stay readable). */
  releaseLookups(): void {
    release(this.orderSeen);
    release(this.productLastOrder);
    if (this.map) for (const array of [this.map.a, this.map.b]) release(array);
    this.orderSeen = new Int32Array(0);
    this.productLastOrder = new Int32Array(0);
    this.map = null;
  }

  private append(order: number, product: number): void {
    if (this.size >= this.a.length) {
      this.a = growI32(this.a, this.size + 1);
      this.b = growI32(this.b, this.size + 1);
    }
    this.a[this.size] = order;
    this.b[this.size] = product;
    this.size++;
  }

  private ungroup(): void {
    this.grouped = false;
    const map = new PairMap(false);
    for (let i = 0; i < this.size; i++) map.upsert(this.a[i], this.b[i]);
    this.map = map;
  }
}
