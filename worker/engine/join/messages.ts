/**
 * What a join says to the person who uploaded the files: the errors that stop it (each
 * names the files and columns involved) and the warnings that come with a joined analysis.
 */
import { EngineError } from '../errors';

/** Files one analysis can join: a transactions file and up to two lookup files. */
export const MAX_JOINED_FILES = 3;

const list = (items: readonly string[]): string => items.map((s) => `'${s}'`).join(', ');
const count = (n: number): string => n.toLocaleString('en-US');

export function tooManyFiles(n: number): EngineError {
  return new EngineError(`At most ${MAX_JOINED_FILES} files can be joined in one analysis; got ${n}.`, 'TOO_MANY_FILES');
}

export function twoTransactionTables(names: readonly string[]): EngineError {
  return new EngineError(
    `${list(names)} ${names.length === 2 ? 'both' : 'all'} look like transactions (a date and an amount on every line). ` +
      'Join one transactions file with up to two lookup files, such as a customer master or a returns list.',
    'TWO_TRANSACTION_TABLES',
  );
}

export function noTransactionTable(names: readonly string[]): EngineError {
  return new EngineError(
    `None of ${list(names)} looks like transactions (a date and an amount on every line), so there is nothing to join them to.`,
    'NO_TRANSACTION_TABLE',
  );
}

export function noJoinKey(lookup: string, transactions: string): EngineError {
  return new EngineError(
    `'${lookup}' shares no key with '${transactions}': none of its columns has the name, role or values of the customer, order, product or region column.`,
    'NO_JOIN_KEY',
  );
}

/** A master none of whose ids the transactions use, or a list none of whose keys they have. */
export function noKeyMatch(
  kind: 'master' | 'flags',
  lookup: { table: string; key: string },
  transactions: { table: string; key: string },
  keys: number,
  examples: readonly string[],
): EngineError {
  const message =
    kind === 'master'
      ? `None of the ${count(keys)} values of '${transactions.key}' in '${transactions.table}' is in '${lookup.key}' of '${lookup.table}' (0% match), so the files cannot be joined.`
      : `None of the ${count(keys)} keys in '${lookup.key}' of '${lookup.table}' is in '${transactions.key}' of '${transactions.table}' (0% match), so the files cannot be joined.`;
  return new EngineError(`${message}${examples.length > 0 ? ` Examples: ${examples.join(', ')}.` : ''}`, 'NO_KEY_MATCH');
}

export function duplicateKeysWarning(table: string, key: string, duplicates: { count: number; examples: string[] }): string {
  const rows = duplicates.count === 1 ? 'row repeats' : 'rows repeat';
  return `${count(duplicates.count)} ${rows} an earlier '${key}' in '${table}' (e.g. ${duplicates.examples.join(', ')}); the first row of each was used.`;
}

export function unmatchedWarning(table: string, txKey: string, unmatched: { count: number; examples: string[] }, keys: number): string {
  return `${count(unmatched.count)} of ${count(keys)} '${txKey}' values are not in '${table}' (e.g. ${unmatched.examples.join(', ')}); their lines have no ${table} attributes.`;
}

export function sheetNotJoinedWarning(sheet: string, transactions: string, reason: string): string {
  return `Sheet '${sheet}' was not joined to '${transactions}': ${reason}.`;
}
