/**
 * Generates a realistic B2B transaction CSV for the benchmark: invoices with several
 * lines, a long-tailed customer base, products with suppliers and unit costs, credit
 * notes (`C…` invoices with negative quantities), and the quoting a real ERP export has
 * (commas, doubled quotes and the odd newline inside quoted names).
 *
 * Usage: tsx scripts/generate-b2b-csv.ts <rows> [out.csv] [scale]
 *
 * `scale` multiplies the 5,000 customers and 3,000 products, so that a larger file can
 * keep realistic key counts (a 5M-row export of a larger business has more customers,
 * not just more lines per customer). Scale 1 writes the same file as before it existed.
 */
import { closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Deterministic PRNG (mulberry32) so every run benchmarks the same file. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HEADER =
  'InvoiceNo,PurchaseOrder,InvoiceDate,CustomerID,CustomerName,ProductCode,Description,Category,Supplier,Quantity,UnitPrice,UnitCost,Region,SalesRep';
const REGIONS = ['DE-North', 'DE-South', 'AT', 'CH', 'NL', 'BE', 'FR-Est', 'UK'];
const CATEGORIES = ['Fasteners', 'Hydraulics', 'Electrical', 'Safety', 'Tools', 'Packaging', 'Adhesives', 'Bearings'];
const WORDS = ['Bolt', 'Nut', 'Valve', 'Hose', 'Cable', 'Glove', 'Drill', 'Tape', 'Seal', 'Bearing', 'Clamp', 'Fitting'];
const COMPANY = ['Müller', 'Schmidt', 'Dupont', 'Janssen', 'Rossi', 'Novak', 'Berg', 'Keller', 'Vogel', 'Lambert'];

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The bench's file for `rows` lines at `scale`, generated into `.bench/` when missing. */
export function benchFile(rows: number, scale = 1): string {
  const path = `.bench/b2b-${rows}${scale === 1 ? '' : `-x${scale}`}.csv`;
  if (!existsSync(path)) {
    console.log(`generating ${path} …`);
    generateB2bCsv(rows, path, scale);
  }
  return path;
}

/** Writes `rows` data lines to `path`, with 5,000 × `scale` customers and 3,000 × `scale` products. */
export function generateB2bCsv(rows: number, path: string, scale = 1): void {
  mkdirSync(dirname(path), { recursive: true });
  const next = random(20_241_121);
  const customers = Array.from({ length: 5000 * scale }, (_, i) => {
    const base = `${COMPANY[i % COMPANY.length]} ${['GmbH', 'B.V.', 'S.A.', '& Co. KG', 'Ltd'][i % 5]}`;
    const name = i % 97 === 0 ? `${base}, "${WORDS[i % WORDS.length]}" Division` : i % 1999 === 0 ? `${base}\nBranch ${i}` : `${base} ${i}`;
    return { id: `K${String(10000 + i)}`, name: csvField(name), region: REGIONS[i % REGIONS.length], rep: `Rep ${(i % 25) + 1}` };
  });
  const products = Array.from({ length: 3000 * scale }, (_, i) => {
    const price = Math.round((1 + next() * 250) * 100) / 100;
    const description = i % 50 === 0 ? `${WORDS[i % WORDS.length]} "Pro" ${i}mm, steel` : `${WORDS[i % WORDS.length]} ${i}mm`;
    return {
      code: `P-${String(i).padStart(6, '0')}`,
      description: csvField(description),
      category: CATEGORIES[i % CATEGORIES.length],
      supplier: csvField(i % 7 === 0 ? 'Acme Supply, Inc.' : `Supplier ${(i * 31) % 40}`),
      price: price.toFixed(2),
      cost: (price * (0.55 + next() * 0.3)).toFixed(2),
    };
  });
  const start = Date.UTC(2022, 0, 3) / 86_400_000;
  const fd = openSync(path, 'w');
  let out = `${HEADER}\n`;
  let written = 0;
  let invoice = 1_000_000;
  while (written < rows) {
    invoice++;
    // Long tail: a few customers buy most (squared uniform skews towards index 0).
    const customer = customers[Math.floor(next() * next() * customers.length)];
    const day = start + Math.floor((written / rows) * 1095 + next() * 3);
    const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    const credit = next() < 0.02;
    const lines = Math.min(rows - written, 1 + Math.floor(next() * 15));
    const invoiceNo = credit ? `C${invoice}` : String(invoice);
    const purchaseOrder = `PO-${date.slice(0, 4)}-${String(invoice % 1_000_000).padStart(6, '0')}`;
    for (let l = 0; l < lines; l++) {
      const p = products[Math.floor(next() * next() * products.length)];
      const quantity = (1 + Math.floor(next() * 40)) * (credit ? -1 : 1);
      out += `${invoiceNo},${purchaseOrder},${date},${customer.id},${customer.name},${p.code},${p.description},${p.category},${p.supplier},${quantity},${p.price},${p.cost},${customer.region},${customer.rep}\n`;
    }
    written += lines;
    if (out.length > 1 << 20) {
      writeSync(fd, out);
      out = '';
    }
  }
  writeSync(fd, out);
  closeSync(fd);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = Number(process.argv[2] ?? 1_000_000);
  const scale = Number(process.argv[4] ?? 1);
  const path = process.argv[3] ?? `.bench/b2b-${rows}${scale === 1 ? '' : `-x${scale}`}.csv`;
  generateB2bCsv(rows, path, scale);
  console.log(`wrote ${rows} rows to ${path}`);
}
