/**
 * Lines that are charges, not merchandise: postage, carriage, fees, discounts, manual
 * adjustments. Exports carry them as products (Online Retail's top "product" by revenue is
 * DOTCOM POSTAGE, £206,245), and the write-up told the user to "protect availability" of
 * it. A name counts as a charge when every word of it is a charge word, so "ZINC HEART
 * LATTICE CHARGER" and "BANK ACCOUNT GREETING CARD" stay products. The figures are not
 * changed: charges keep their revenue in every total and table; only the sentences that
 * name a leading product pass over them.
 */

const CHARGE_WORDS = new Set(
  (
    'postage dotcom carriage shipping freight delivery courier next day express handling packing packaging ' +
    'fee fees charge charges surcharge bank amazon ebay paypal commission cruk manual discount discounts ' +
    'adjust adjustment adjustments bad debt samples sample deposit insurance service services admin'
  ).split(' '),
);

/** Whether a product's name reads as a charge line ("POSTAGE", "Bank Charges", "Adjust bad debt"). */
export function isChargeLine(name: string): boolean {
  const words = name.toLowerCase().match(/[a-z]+/g);
  return words !== null && words.every((word) => CHARGE_WORDS.has(word));
}
