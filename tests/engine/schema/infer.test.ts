import { describe, expect, it } from 'vitest';
import { headerRoleScores } from '../../../worker/engine/schema/headers';
import { inferSchema } from '../../../worker/engine/schema/infer';

const topRole = (header: string): string | undefined => [...headerRoleScores(header)].sort((a, b) => b[1] - a[1])[0]?.[0];

describe('header vocabulary', () => {
  it.each([
    ['Kundennr', 'customerId'],
    ['CustomerID', 'customerId'],
    ['Customer ID', 'customerId'],
    ['cust_no', 'customerId'],
    ['Numéro client', 'customerId'],
    ['Cód. Cliente', 'customerId'],
    ['Klantnummer', 'customerId'],
    ['Fournisseur', 'supplier'],
    ['Lieferant', 'supplier'],
    ['Proveedor', 'supplier'],
    ['Menge', 'quantity'],
    ['Cantidad', 'quantity'],
    ['Aantal', 'quantity'],
    ['Quantidade', 'quantity'],
    ['Einzelpreis', 'unitPrice'],
    ['Prix unitaire', 'unitPrice'],
    ['Rechnungsnummer', 'orderId'],
    ['InvoiceNo', 'orderId'],
    ['Nº Factura', 'orderId'],
    ['Umsatz', 'amount'],
    ['Montant HT', 'amount'],
    ['Importe', 'amount'],
    ['Omzet', 'amount'],
    ['Datum', 'date'],
    ['Fecha', 'date'],
    ['Einkaufspreis', 'unitCost'],
    ['Gross Profit', 'profit'],
    ['Artikelnummer', 'productId'],
    ['StockCode', 'productId'],
    ['Bezeichnung', 'productName'],
    ['Warengruppe', 'category'],
    ['Land', 'region'],
    ['Vertreter', 'salesRep'],
  ])('%s → %s', (header, role) => {
    expect(topRole(header)).toBe(role);
  });

  it('does not read a percentage margin as profit', () => {
    expect(headerRoleScores('Margin %').has('profit')).toBe(false);
  });
});

describe('inferSchema', () => {
  const rows = [
    ['K-1', 'Müller GmbH', '03.01.2024', '2', '1.234,50', 'Schrauben'],
    ['K-2', 'Dupont SA', '25.01.2024', '1', '99,90', 'Muttern'],
    ['K-1', 'Müller GmbH', '02.02.2024', '5', '12,00', 'Dübel'],
  ];

  it('assigns roles from German headers and decides comma decimals and day-first dates', () => {
    const plan = inferSchema({
      names: ['Kunde', 'Firma', 'Datum', 'Menge', 'Betrag', 'Artikel'],
      headerless: false,
      rows,
      canonicalNumbers: false,
      semicolonDelimited: true,
    });
    expect(plan.roles).toEqual({ customerId: 0, customerName: 1, date: 2, quantity: 3, amount: 4, productName: 5 });
    expect(plan.columns[4].decimal).toBe(44);
    expect(plan.columns[2].dateOrder).toBe('dmy');
    expect(plan.columns.map((c) => c.type)).toEqual(['string', 'string', 'date', 'number', 'number', 'string']);
  });

  it('lets an override take a column from inference', () => {
    const plan = inferSchema({
      names: ['Kunde', 'Firma', 'Datum', 'Menge', 'Betrag', 'Artikel'],
      headerless: false,
      rows,
      canonicalNumbers: false,
      semicolonDelimited: true,
      overrides: { customerId: 'Firma' },
    });
    expect(plan.roles.customerId).toBe(1);
    expect(plan.roles.customerName).toBeUndefined();
  });

  it('names the columns when an override points at a missing header', () => {
    expect(() =>
      inferSchema({
        names: ['A', 'B'],
        headerless: false,
        rows: [['1', '2']],
        canonicalNumbers: false,
        semicolonDelimited: false,
        overrides: { amount: 'Total' },
      }),
    ).toThrow("There is no column named 'Total' in this file. Its columns are: A, B.");
  });
});
