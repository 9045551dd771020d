/**
 * Charge lines, not merchandise: Online Retail's service StockCodes (POST, DOT, C2, M,
 * BANK CHARGES, AMAZONFEE, D, S, B, CRUK), listed by hand from the raw file, against
 * products whose names merely contain such a word.
 */
import { describe, expect, it } from 'vitest';
import { isChargeLine } from '../../../worker/engine/analyses/charge-lines';

describe('charge lines', () => {
  it.each([
    'POSTAGE',
    'DOTCOM POSTAGE',
    'CARRIAGE',
    'Manual',
    'Bank Charges',
    'AMAZON FEE',
    'Discount',
    'SAMPLES',
    'Adjust bad debt',
    'CRUK Commission',
    'NEXT DAY CARRIAGE',
    'Freight',
  ])('"%s" is a charge', (name) => expect(isChargeLine(name)).toBe(true));

  it.each([
    'ZINC HEART LATTICE CHARGER LARGE',
    'BANK ACCOUNT GREETING CARD',
    'COFFEE MUG DOG + BALL DESIGN',
    'REGENCY CAKESTAND 3 TIER',
    'Bolt "Pro" 0mm, steel',
    'Show Samples Box',
    '',
  ])('"%s" is merchandise', (name) => expect(isChargeLine(name)).toBe(false));
});
