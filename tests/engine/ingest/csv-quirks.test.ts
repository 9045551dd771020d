import { describe, expect, it } from 'vitest';
import { epochDay } from '../../../worker/engine/aggregate/types';
import { cents, customer, ingestBytes, ingestFixture } from './helpers';

describe('a German ERP export (semicolons, comma decimals, dd.mm.yyyy, title lines, repeated header)', async () => {
  const agg = await ingestFixture('german-semicolon.csv', {}, 13);

  it('finds every role from German headers', () => {
    expect(agg.profile.roles).toEqual({
      orderId: 'Rechnungsnr',
      date: 'Datum',
      customerId: 'Kundennr',
      customerName: 'Kunde',
      productId: 'Artikelnr',
      productName: 'Bezeichnung',
      quantity: 'Menge',
      unitPrice: 'Einzelpreis',
      amount: 'Betrag',
      supplier: 'Lieferant',
    });
  });

  it('reads 1.200,00 as 1200 and computes a blank amount from quantity × unit price', () => {
    expect(cents(agg.totals.revenue)).toBe(1228.8);
  });

  it('skips the title lines and the repeated header, and says so', () => {
    expect(agg.profile.rowsRead).toBe(6);
    expect(agg.profile.warnings.slice(0, 2)).toEqual([
      'Skipped 2 lines above the header (titles or notes).',
      'Skipped 1 repeated header line.',
    ]);
  });

  it('rejects an impossible date with its reason and an example', () => {
    expect(agg.profile.rejectReasons).toEqual([
      {
        reason: 'Date could not be read',
        count: 1,
        examples: ['row 6: R-1005 | 31.02.2024 | K-3 | Rossi Srl | A-3 | Mutter | 5 | 0,80 | 4,00 | Würth'],
      },
    ]);
  });

  it('decodes UTF-8 names and unescapes doubled quotes', () => {
    expect(agg.customers.names[customer(agg, 'K-1')]).toBe('Müller GmbH');
    expect(agg.products.names).toEqual(['Schraube "M8"', 'Dübel, 6 mm']);
  });

  it('reads day-first dates', () => {
    expect(agg.firstDay).toBe(epochDay('2024-01-03'));
    expect(agg.lastDay).toBe(epochDay('2024-02-14'));
  });

  it('treats a negative quantity as a return, not an order', () => {
    expect(agg.totals.orders).toBe(3);
    expect(cents(agg.totals.returnsValue)).toBe(1.2);
    expect(Array.from(agg.suppliers.revenue, cents)).toEqual([1218, 10.8]);
  });
});

describe('a US export (CRLF, quoted newlines, $ amounts, parentheses negatives, m/d/yyyy, no final newline)', async () => {
  const agg = await ingestFixture('us-quoted-crlf.csv', {}, 5);

  it('reads currency amounts with thousands separators and parentheses', () => {
    expect(cents(agg.totals.revenue)).toBe(1360);
    expect(agg.profile.currency).toBe('USD');
  });

  it('reads month-first dates', () => {
    expect(agg.profile.period).toEqual({ from: '2023-01-05', to: '2023-02-01' });
  });

  it('reads the last line without a final newline', () => {
    expect(agg.customers.ids).toContain('Gamma Co');
  });
});

describe('delimiters and encodings', () => {
  const expectTwoCustomers = async (bytes: Uint8Array | string, fileName = 'f.csv'): Promise<void> => {
    const agg = await ingestBytes(bytes, { fileName }, 3);
    expect(agg.customers.ids).toEqual(['Müller', 'Café Noël']);
    expect(cents(agg.totals.revenue)).toBe(3.5);
  };
  const text = 'Kunde;Betrag\nMüller;1,50\n\nCafé Noël;2,00\n';

  it('detects tab and pipe delimiters', async () => {
    await expectTwoCustomers('Customer\tAmount\nMüller\t1.50\nCafé Noël\t2.00', 'f.tsv');
    await expectTwoCustomers('Customer|Amount\r\nMüller|1.50\r\nCafé Noël|2.00\r\n');
  });

  it('reads UTF-8 with a BOM', async () => {
    await expectTwoCustomers(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]));
  });

  it('reads UTF-16 LE and BE with a BOM', async () => {
    const le = [0xff, 0xfe];
    const be = [0xfe, 0xff];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      le.push(c & 0xff, c >> 8);
      be.push(c >> 8, c & 0xff);
    }
    await expectTwoCustomers(new Uint8Array(le));
    await expectTwoCustomers(new Uint8Array(be));
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', async () => {
    const latin = Array.from(text, (ch) => ch.charCodeAt(0));
    await expectTwoCustomers(new Uint8Array(latin));
    const agg = await ingestBytes(new Uint8Array(latin), { fileName: 'f.csv' });
    expect(agg.profile.warnings[0]).toBe('The file is encoded as WINDOWS-1252; it was converted to UTF-8.');
  });

  it('reads whitespace-separated fixed-width text with a header', async () => {
    const agg = await ingestBytes(
      ' customer_id  date number_of_cds  dollar_value\r\n 00001 19970101  1   11.77\r\n 00002 19970112  1   12.00\r\n',
      { fileName: 'x.txt' },
    );
    expect(agg.profile.format).toBe('text');
    expect(agg.customers.ids).toEqual(['00001', '00002']);
    expect(cents(agg.totals.revenue)).toBe(23.77);
    expect(agg.profile.period).toEqual({ from: '1997-01-01', to: '1997-01-12' });
  });
});

describe('progress', () => {
  it('reports bytes read and rows so far', async () => {
    const seen: { bytesRead: number; rows: number }[] = [];
    const text = `Customer,Amount\n${Array.from({ length: 3000 }, (_, i) => `c${i % 7},1.00`).join('\n')}\n`;
    await ingestBytes(text, { fileName: 'p.csv', onProgress: (p) => seen.push(p) }, 64 * 1024);
    const last = seen[seen.length - 1];
    expect(last.bytesRead).toBe(new TextEncoder().encode(text).length);
    expect(last.rows).toBe(3000);
  });
});

describe('values after the sample that contradict its conventions', async () => {
  // The first 1,000 rows decide: month-first dates and dot decimals.
  const sample = Array.from({ length: 1000 }, (_, i) => `c${i % 9},${(i % 12) + 1}/${(i % 28) + 1}/2023,${(i % 50) + 0.5}`);
  const late = ['c1,13/05/2023,1.5', 'c2,05/13/2023,"1,25"', 'c3,05/14/2023,2.5'];
  const agg = await ingestBytes(['Customer,Date,Amount', ...sample, ...late].join('\n'), { fileName: 'late.csv' }, 4096);

  it('keeps the decided reading and counts the contradicting rows with examples', () => {
    expect(agg.profile.rowsRead).toBe(1003);
    expect(agg.profile.rowsUsed).toBe(1001);
    expect(agg.profile.rejectReasons).toEqual([
      { reason: 'Date could not be read', count: 1, examples: ['row 1001: c1 | 13/05/2023 | 1.5'] },
      { reason: 'Amount is not a number', count: 1, examples: ['row 1002: c2 | 05/13/2023 | 1,25'] },
    ]);
    expect(agg.profile.period.to).toBe('2023-12-28');
  });
});
