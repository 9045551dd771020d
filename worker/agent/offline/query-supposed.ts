/**
 * Questions that suppose a change ("what if …"). The rows say what happened, not what would:
 * "What if we raised prices by 5%?" got the average price, "What if Technology sales dropped
 * 10%?" last year's change, and "How much profit would we make if we stopped discounting?"
 * the customers who lapsed. One supposition the rows do answer: losing the biggest customers
 * ("What if we lost our top 10 customers?" got the churn list), products or states, or a
 * customer, supplier or region by name, takes away what they bring, which their share of revenue says.
 */
import type { Parsed } from './query-parsed';
import { NUMBER_WORDS } from './number-words';
import { dimensionOfNoun, leadingNameFilter, notFoundReason } from './query-values';
import type { SnapshotMeta } from '../../engine/snapshot/columns';

/** A supposition: "what if", "if we …", "suppose", "were to". */
const SUPPOSED =
  /\b(?:what if|if (?:we|i|our|they|the|prices?|sales|revenue|costs?|demand|volumes?)|suppose|supposing|imagine|assuming|were to|in case)\b/;
/** Losing a customer: they leave, churn or stop buying. */
const LOST =
  /\b(?:lost|lose|loses|losing|leave|leaves|left|leaving|churn(?:ed|s)?|walk(?:ed|s)? away|stop(?:ped|s)? (?:buying|ordering|supplying|delivering|selling to us)|went away|go(?:es)? away|gone|quit|quits|dropped us|drop us|drops us)\b/;
/** A change made or suffered: prices raised, sales dropped, discounting stopped. */
const CHANGED =
  /\b(?:rais(?:e|ed|es|ing)|increas(?:e|ed|es|ing)|cut(?:s|ting)?|lower(?:ed|s|ing)?|reduc(?:e|ed|es|ing)|drop(?:s|ped|ping)?|f[ae]ll|falls|doubl(?:e|ed|es|ing)|halv(?:e|ed|es|ing)|stop(?:s|ped|ping)?|discount(?:s|ed|ing)?|grow(?:s|n)?|grew|chang(?:e|ed|es|ing)|went (?:up|down)|go(?:es)? (?:up|down)|hire[ds]?|open(?:ed|s)?|launch(?:ed|es)?)\b/;
/** "Our top 10 customers", "the biggest customer", "our five largest accounts", "our top 3 states". */
const COUNT = String.raw`(\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
const TOP_LOST = new RegExp(
  String.raw`\b(?:${COUNT}\s+)?(?:top|biggest|largest|best|main|key|major|most valuable)\s+(?:${COUNT}\s+)?([a-z][a-z-]*)\b`,
);

/** Plural nouns with no count: the concentration analysis' top 10. */
const TOP_WITHOUT_COUNT = 10;

const LOST_NOTE = 'What losing them would take away is what they bring: their revenue, and its share of all revenue.';
const NAMED_LOST_NOTE = 'What losing it would take away is what it brings: its revenue, and the share of all revenue that is.';
const WHAT_WOULD_HAPPEN =
  'I can only report what the rows of this file show, not what would happen after a change; ask for the figures as they are, such as the revenue and gross profit of what you would change.';

/**
 * The answer to a supposition: the top customers' share of revenue when it supposes losing
 * them, a refusal for any other change; null when the question supposes nothing.
 */
export function supposedAnswer(
  text: string,
  question: string,
  meta: SnapshotMeta,
  filters: readonly { dimension: string; values: string[] }[],
): Parsed | null {
  if (!SUPPOSED.test(text)) return null;
  const lost = LOST.test(text);
  const top = lost ? TOP_LOST.exec(text) : null;
  // "Our best sellers" are products.
  const grouping = top ? (/^sellers?$/.test(top[3]) ? 'product' : dimensionOfNoun(top[3], meta)) : null;
  if (top && grouping)
    return {
      kind: 'spec',
      spec: {
        measures: ['revenueShare', 'revenue'],
        groupBy: [grouping],
        filters: [...filters],
        limit: countOf(top[1] ?? top[2], top[3]),
      },
      note: LOST_NOTE,
    };
  // "What if we lost our top 3 months?" got the churn list: the top of no grouping of the file.
  if (top) return { kind: 'refused', reason: WHAT_WOULD_HAPPEN };
  // "What if we lost the UK?" got the UK's churn list: a customer, supplier or region named is lost as a whole.
  if (lost && filters.length > 0)
    return { kind: 'spec', spec: { measures: ['revenueShare', 'revenue'], filters: [...filters] }, note: NAMED_LOST_NOTE };
  // "What if we lost Hy-Vee?" on a file without Hy-Vee got the churn list: a name the file
  // lacks is said to be missing; "What if we lose Acme?" is the supplier whose name it starts.
  const lostName = lost ? nameLostOf(question) : null;
  if (lostName) {
    const leading = leadingNameFilter(lostName, question, meta);
    if (leading && 'refused' in leading) return { kind: 'refused', reason: leading.refused };
    if (leading) return { kind: 'spec', spec: { measures: ['revenueShare', 'revenue'], filters: [leading] }, note: NAMED_LOST_NOTE };
    return { kind: 'refused', reason: notFoundReason(lostName, meta) };
  }
  return CHANGED.test(text) ? { kind: 'refused', reason: WHAT_WOULD_HAPPEN } : null;
}

/** A name typed with a capital as what is lost ("lost Hy-Vee") or who leaves ("if Zorblax left"), or null. */
const NAME = String.raw`([A-Z][\w&'.-]*(?:\s+[A-Z0-9][\w&'.-]*)*)`;
const NAME_LOST = new RegExp(String.raw`\b(?:lost|lose|loses|losing)\s+${NAME}`);
const NAME_LEAVING = new RegExp(
  String.raw`\b(?:if|suppose|supposing|imagine)\s+${NAME}\s+(?:left|leaves|leave|churned|churns|quit|quits|stopped|stops|went|goes|walked|walks|dropped|drops)\b`,
);

/** Capitalised words that name no one: pronouns and articles, months and quarters ("What if we lost Q4?"). */
const NO_NAME =
  /^(?:I|We|They|Our|The|A|An|Q[1-4]|Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)$/;

function nameLostOf(question: string): string | null {
  const name = (NAME_LOST.exec(question) ?? NAME_LEAVING.exec(question))?.[1].replace(/[.,]+$/, '').replace(/^(?:The|Our|A|An)\s+/, '');
  return name && !NO_NAME.test(name) ? name : null;
}

/** "10", "five", or none: one for a singular noun ("our biggest customer"), the top 10 for a plural. */
function countOf(count: string | undefined, noun: string): number {
  if (count) return Number(count) || NUMBER_WORDS[count];
  return noun.endsWith('s') ? TOP_WITHOUT_COUNT : 1;
}
