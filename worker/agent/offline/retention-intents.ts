/**
 * Chat questions about cohorts and retention (issue 16): "what is our net revenue
 * retention?", "how did customers won in Q1 2025 do after 6 months?". Checked before the
 * row grammar, which would otherwise read "revenue" and answer a revenue total instead.
 */
import { bridgeIntentOf } from './bridge-intents';
import { escapeRegex } from './query-limits';
import { namesAValue } from './query-values';
import type { SnapshotMeta } from '../../engine/snapshot/columns';

export type RetentionIntent = {
  kind: 'retention';
  /** A cohort named in the question (`2025-Q1`, `2025-03`), or null. */
  cohort: string | null;
  /** "after 6 months" / "after 2 quarters". */
  after: { count: number; unit: 'month' | 'quarter' } | null;
  /** Years named on their own ("NRR in 2019"), not as a cohort's quarter or month. */
  years: string[];
  /** Net (or gross) revenue retention named: "NRR", "net revenue retention". */
  netRetention: boolean;
  /** A grouping asked for beside it ("by segment"), which the cohorts are not split by. */
  split: string | null;
};

/** The groupings a rate may be asked by, beside the file's own headers. */
const GROUPINGS = String.raw`segments?|regions?|countr(?:y|ies)|states?|cit(?:y|ies)|categor(?:y|ies)|sub-categor(?:y|ies)|products?|items?|channels?|(?:sales )?reps?|suppliers?|vendors?|stores?|territor(?:y|ies)|markets?|industry|industries`;

/**
 * The grouping a rate is asked by, or null: "retention rate by segment" and "churn rate by
 * region" got the one figure of all customers, the split read past. Only a grouping's noun
 * counts ("across all customers", "by the end of 2021", "by Q3" are none); `headers` are the
 * file's own ("by ship mode").
 */
export function splitAskedIn(text: string, headers: readonly string[] = []): string | null {
  const nouns = [GROUPINGS, ...headers.map((h) => escapeRegex(h.toLowerCase()))].join('|');
  const m = new RegExp(String.raw`\b(by|per|for each|each|across|split by|broken down by)\s+(?:the\s+|our\s+|all\s+)?(${nouns})\b`).exec(
    text,
  );
  // "Across the country" is all of it; "across regions" a split.
  if (!m || (m[1] === 'across' && !/s$/.test(m[2]))) return null;
  return m[2];
}

const RETENTION =
  /\bcohorts?\b|\bretention\b|\bretain(ed|ing|s)?\b|\bnrr\b|\bgrr\b|\bndr\b|net (revenue|dollar) retention|gross revenue retention|\bcome back\b|\bcoming back\b|\bstay(ed|ing)? with us\b|\bkeep (buying|ordering)\b|\bkeep(?:ing)? (?:our |the )?(?:new )?customers\b|customers? (we )?(won|acquired|gained) in\b/;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/** The cohort label a question names, if any: "Q1 2025", "2025 Q1", "2025-03", "March 2025". */
export function cohortNamedIn(q: string): string | null {
  let m: RegExpExecArray | null;
  if ((m = /\bq([1-4])[\s-]*(?:of\s*)?(\d{4})\b/.exec(q))) return `${m[2]}-Q${m[1]}`;
  if ((m = /\b(\d{4})[\s-]*q([1-4])\b/.exec(q))) return `${m[1]}-Q${m[2]}`;
  if ((m = /\b(\d{4})-(\d{2})\b/.exec(q))) return `${m[1]}-${m[2]}`;
  if ((m = new RegExp(`\\b${MONTH}\\s+(\\d{4})\\b`).exec(q))) {
    return `${m[2]}-${String(MONTHS.indexOf(m[1].slice(0, 3)) + 1).padStart(2, '0')}`;
  }
  return null;
}

/**
 * What customers won in a year spent, bought or brought in: "How much did customers acquired in
 * 2020 spend in 2021?", "… the 2020 cohort …". It got the retention summary of everyone who
 * bought in 2020 (638 customers; 51 were won that year), so such a question is the row
 * grammar's, which says what it can give of customers picked by when they first bought.
 */
const SPEND_OF_A_YEAR_COHORT =
  /^(?!.*\b(?:retention|retain(?:ed|ing|s)?|nrr|grr|ndr|come back|coming back|keep (?:buying|ordering)|stay(?:ed|ing)? with us)\b)(?=.*\b(?:(?:19|20)\d\d cohort|cohort of (?:19|20)\d\d|(?:won|acquired|gained) in (?:19|20)\d\d)\b).*\b(?:how much|spend|spent|spending|revenue|sales|turnover|bought|buy|purchases?|profit|worth)\b/;

/** `SPEND_OF_A_YEAR_COHORT` in a later year ("… spend in 2021"); of the cohort's own year the retention tool says cohorts are quarterly. */
function spendOfAYearCohortLater(q: string): boolean {
  return SPEND_OF_A_YEAR_COHORT.test(q) && new Set(q.match(/\b(?:19|20)\d\d\b/g)).size >= 2;
}

/** The retention intent of a question, or null when it is about something else. */
export function retentionIntentOf(question: string): RetentionIntent | null {
  const q = question.toLowerCase();
  if (!RETENTION.test(q) || spendOfAYearCohortLater(q)) return null;
  const after = /\bafter\s+(\d{1,3})\s+(months?|quarters?)\b/.exec(q);
  const cohort = cohortNamedIn(q);
  return {
    kind: 'retention',
    cohort,
    after: after ? { count: Number(after[1]), unit: after[2].startsWith('q') ? 'quarter' : 'month' } : null,
    years: [...q.matchAll(/\b(?:19|20)\d\d\b/g)].map((m) => m[0]).filter((year) => !cohort?.startsWith(year)),
    netRetention: /\bnrr\b|\bgrr\b|\bndr\b|net (?:revenue|dollar) retention|gross revenue retention/.test(q),
    split: splitAskedIn(q),
  };
}

/**
 * Whether a question is for the retention or bridge tools (not the row grammar). The
 * bridge splits all revenue: "How did Furniture sales change from 2020 to 2021?" once got
 * the whole file's bridge under a first line that never named Furniture, so a question
 * that names a customer, product, region or other value goes to the row grammar, which
 * compares that value's figures or asks for two periods.
 */
export function asksResultTools(question: string, meta?: SnapshotMeta): boolean {
  // The bridge pattern needs no date to match, so any "today" will do here.
  // "Net revenue retention for Germany" got the whole file's: retention is of every customer too.
  const tools = retentionIntentOf(question) !== null || bridgeIntentOf(question, new Date(0)) !== null;
  return tools && !(meta && namesAValue(question, meta));
}
