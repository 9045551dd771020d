/**
 * The nouns of customers in questions, for the offline grammars: one list, so that a noun
 * added here ("accounts", "buyers") is read wherever a question may name customers. A leaf
 * module: the grammar's vocabulary and the modules it builds on (query-limits) both import it.
 */

/** A noun of customers, singular or plural: "customer", "clients". */
export const CUSTOMER_NOUNS = 'customers?|clients?|accounts?|buyers?';

/** Plural only: "top customers", "new clients". */
export const CUSTOMERS_PLURAL = 'customers|clients|accounts|buyers';

/** Singular only: "per customer", "a single account". */
export const CUSTOMER_SINGULAR = 'customer|client|account|buyer';

/** Customers named anywhere in a question. */
export const CUSTOMERS_NAMED = new RegExp(String.raw`\b(?:${CUSTOMER_NOUNS})\b`);

/** Nouns of those who buy, with the shops a retail file's customers are: "UK customers", "stores" (Iowa's store_name). */
export const BUYER_NOUNS = `${CUSTOMER_NOUNS}|stores?|shops?`;
