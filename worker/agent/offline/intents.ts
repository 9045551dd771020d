/**
 * Matches a chat question to an intent the tools can answer. Rules are tried in order,
 * most specific first; names of customers, products, suppliers, categories and
 * segments are recognised from the results themselves.
 */
import { sharedNamesOf } from '../../engine/aggregate/distinct-names';
import type { AnalysisResult, ChurnRisk, SegmentName } from '../../engine/contract';
import type { ChartSeries } from '../tools/chart-tool';
import { SEGMENT_NAMES } from '../tools/customer-tools';
import { normalise } from '../tools/tool-kit';
import { CHURN_ACCURACY } from './churn-accuracy';
import { CHURN_METHOD } from './churn-method';
import { periodOf, type Period } from './periods';
import { NUMBER_WORDS } from './number-words';
import { retentionIntentOf, type RetentionIntent } from './retention-intents';
import { bridgeIntentOf, type BridgeIntent } from './bridge-intents';
import { CUSTOMER_NOUNS, CUSTOMERS_PLURAL } from './customer-words';
import { DEMONYM_WORDS } from './query-names';
import { isGrammarWord } from './query-vocabulary';
import { ordinalRankOf } from './query-ranking';

export type CustomerMetric = 'revenue' | 'orders' | 'recencyDays' | 'firstOrder';
export type ProductMetric = 'revenue' | 'margin' | 'marginPct' | 'quantity' | 'customers' | 'trendPct';
export type Direction = 'desc' | 'asc';

export type Intent =
  | { kind: 'chart'; series: ChartSeries }
  /** `prospects`: whom to offer the product, named as asked ("Which customers should buy Chairs?"). */
  | { kind: 'cross_sell'; customer: string | null; product: string | null; period?: Period | null; prospects?: string }
  | { kind: 'customer'; query: string }
  | { kind: 'supplier'; name: string }
  | { kind: 'suppliers' }
  /** `amongTop`: only the top N customers by revenue ("which of our top 20 customers are at risk?"). */
  | { kind: 'churn'; risk: ChurnRisk | null; amongTop?: number; limit?: number }
  | { kind: 'churn_accuracy' }
  | { kind: 'churn_method' }
  /** `topFifth`: asked for the share of the top 20% of customers. */
  | { kind: 'concentration'; topFifth?: boolean }
  | { kind: 'segment'; segment: SegmentName; limit?: number }
  | { kind: 'segments' }
  | {
      kind: 'rank_products';
      metric: ProductMetric;
      direction: Direction;
      limit: number;
      category: string | null;
      /** Asked which products to drop: the ranking is evidence for a decision the user makes. */
      review?: boolean;
    }
  | { kind: 'product'; query: string }
  | { kind: 'period_total'; period: Period }
  | { kind: 'trend'; yearOnYear: boolean }
  | { kind: 'rank_customers'; metric: CustomerMetric; direction: Direction; limit: number }
  | { kind: 'overview' }
  /** "How long between orders?": repeat customers' median gap between purchase days. */
  | { kind: 'purchase_gap' }
  /** "What is our customer lifetime value?": the predicted spend of the next 12 months. */
  | { kind: 'customer_value'; limit?: number }
  /** `asked`: the user asked what they can ask; otherwise no intent matched the question. */
  | { kind: 'help'; asked: boolean }
  | { kind: 'no_dates' }
  /** "Which region has the most customers?": groups the analysis keeps no figures by. */
  | { kind: 'no_grouping'; noun: string }
  | { kind: 'actions' }
  | RetentionIntent
  | BridgeIntent;

const LEGAL_SUFFIX = /\s(gmbh|ltd|limited|inc|llc|plc|ag|sa|bv|nv|co|corp|company|srl|spa|oy|ab|as)$/;
const SIZE_SUFFIX = /(\s\d+(\.\d+)?\s?(l|ml|kg|g|lb|oz|pcs|pack|x\d+)?)+$/;

const CHART = /\b(chart|plot|graph|visuali[sz]e|draw)\b/;
/** A period by name: a year, a quarter, a month, "last month", "year to date". */
const NAMES_A_PERIOD =
  /\b(19|20)\d\d\b|\bq[1-4]\b|\b(last|this|previous|past|next) (year|quarter|month|week)\b|\b(ytd|year to date|month to date)\b|\b(january|february|march|april|june|july|august|september|october|november|december)\b/;
/**
 * "With" that names no product but a bound: "top 5 items by bottles sold with revenue over
 * 5000" got the cross-sell list.
 */
export const WITH_NO_BOUND = String.raw`with\b(?! (?:a |an )?(?:revenue|sales|turnover|profits?|gross profit|margins?|costs?|units|quantity|orders|bottles|more|less|fewer|over|under|above|below|at (?:least|most))\b)`;
const CROSS_SELL = new RegExp(
  String.raw`cross.?sell|up.?sell|bought together|buy together|purchased together|\bgo(es)? (well )?with|pairs? (well )?with|bundle|recommend|what (else|more) (should|could|can|to)|sell (more )?to\b|\bwhat (?:[\w'-]+ ){0,3}(?:offer|pitch)\b|next best|\b(buy|order|purchase) next\b|\bnext (purchase|order)\b|also (buy|bought|purchase)|(buy|buys|bought|purchased) ${WITH_NO_BOUND}|\b(sells?|sold|selling) (well )?(together )?${WITH_NO_BOUND}`,
);
/**
 * "When will Rossi Ltd 774 order next?" asks when, not what: it got the cross-sell answer. A
 * customer named gets their profile, with how often they buy and how long it has been.
 */
export const WHEN_NEXT = /\bwhen\b.*\b(?:buy|order|purchase|reorder)s? next\b|\bwhen\b.*\bnext (?:purchase|order)\b/;
const SUPPLIER = /\b(suppliers?|vendors?|sourc(e|ed|ing)|procure\w*|manufacturers?)\b/;
/**
 * "Which customers should buy Chairs?", "Who else might buy Staples?", "Who should we sell
 * Chairs to?": whom to offer a product, which the cross-sell suggestions for it answer (each
 * listed the customers who had bought it already). "… likely to buy again?" names no product.
 */
export const PROSPECTS =
  /\b(?:which|what) (?:customers?|clients?|accounts?|buyers?) (?:should|could|might|would|may|(?:are|is) likely to)\b.*\b(?:buy|order|purchase)\b(?! again\b)|\bwho (?:should|could|might|would|may|else (?:might|could|would|may|should)|(?:is|are) likely to)\b.*\b(?:buy|order|purchase)\b(?! again\b)|\bwho (?:should|could|can) (?:we|i) (?:sell|offer|pitch)\b/;
/** The verbs of getting in touch with customers: a question with one asks whom to call, which the churn list answers. */
export const CONTACT_VERB = String.raw`call|contact|ring|phone|visit`;
export const CHURN = new RegExp(
  String.raw`churn|at.?risk|\bat (?:the )?(?:biggest|greatest|highest|most|least|lowest) risk|\b(?:customers?|clients?|accounts?) (?:are|is) (?:the )?(?:biggest|greatest|highest) risks?\b|\b(high|medium|low)[ -]risk\b|risky|\blaps(e|ed|ing)\b|\blos(e|ing)\b|\blost\b|stopped (buying|ordering)|(not|n't) (ordered|bought)|inactive|dormant|slipping|leaving|defect|win.?back|going quiet|\b(?:${CONTACT_VERB})\b.*\b(customers?|clients?|accounts?|this week|first|today)\b|\b(customers?|clients?|accounts?) (?:should|must|ought to|need to|to)(?: \w+){0,2} (?:${CONTACT_VERB})\b|\breach out\b|\bfollow up\b|\bkeep an eye on\b|\bwatch ?list\b|\bmonitor\b.*\b(customers?|clients?|accounts?)\b`,
);
/**
 * Whom to call: a contact the team should make, asked of customers ("Which customers should my
 * sales team call this week?", "Who should my reps visit?", "Which accounts should we focus on
 * this month?"). The churn list answers it; a period in it is when to call, not a period of sales
 * ("this week" once gave the revenue of the last 5 days by customer).
 */
export const WHOM_TO_CALL =
  /\b(?:who|whom|which (?:customers?|clients?|accounts?|stores?|buyers?))\b[^?]*?\b(?:should|must|ought to|need to|needs to|have to|has to|shall|to)\b(?:\s+[\w']+){0,4}?\s+(?:call(?:ed)?|contact(?:ed)?|ring|phone(?:d)?|visit(?:ed)?|reach out to|follow(?:ed)? up (?:with|on)|focus(?:ed)? on|prioriti[sz]e(?:d)?|target(?:ed)?|chase(?:d)?|approach(?:ed)?|talk to|speak (?:to|with)|email(?:ed)?)\b/;
const CONCENTRATION =
  /concentrat|depend|relian|\brely\b|key accounts?|\bhhi\b|gini|herfindahl|pareto|80 ?%|eggs in one basket|diversif|share of (the )?(top|biggest|largest)|spread|\btop 20 ?(%|percent|per cent)/;
/** "The top 20% of customers": the one share by a fraction of customers the analysis keeps. */
export const TOP_FIFTH = /\b(top|biggest|largest|best) (20 ?(%|percent\b|per cent\b)|(fifth|quintile)\b)/;
/** "How long between orders?", "how often do customers buy?", "purchase frequency". */
export const PURCHASE_GAP = new RegExp(
  String.raw`\b(how long|how many days|time|days|gap|gaps|interval)\b.*\bbetween (their |two |repeat )?(orders|purchases|invoices|visits|buys)\b|\b(order|purchase|buying|repurchase|reorder) (frequency|interval|cycle|gap)s?\b|\bhow often do (our |my |the )?(${CUSTOMERS_PLURAL}) (buy|order|purchase|come back|return)\b`,
);
/** "Customer lifetime value", "CLV", "LTV": the predicted spend the churn models give. */
export const CUSTOMER_VALUE = /\b(customer )?lifetime value\b|\b(clv|ltv|cltv)\b|\bpredicted (spend|value|revenue)\b/;
const SEGMENT = /\b(segments?|segmentation|rfm|tiers?|abc)\b/;
/** "Of our top 20 customers", "among the top ten accounts", "of our 10 biggest customers", "of our biggest customers". */
const AMONG_TOP = new RegExp(
  String.raw`\b(?:of|among|in) (?:our |my |the )?(?:(?:top|biggest|largest|best)(?: (\d{1,3}|[a-z]+))?|(\d{1,3}|[a-z]+) (?:top|biggest|largest|best)) (?:${CUSTOMERS_PLURAL})\b` +
    // "Which big customers are at risk of churning?" led with customers who bought 147.64.
    String.raw`|\b(?:which|what|are (?:any )?(?:of )?(?:our |my )?)\s*(?:big|biggest|largest|major|key|top) (?:${CUSTOMERS_PLURAL})\b`,
);
/** How many "our top customers" are, no count said: the answer names it ("None of your top 10 customers …"). */
const TOP_CUSTOMERS_UNCOUNTED = 10;
/** "Which region has the most …", "top countries by …": a ranking of groups other than customers, products or suppliers. */
const GROUP_RANKED =
  /\b(?:which|what|top|best|worst|by|per|each) (regions?|countr(?:y|ies)|territor(?:y|ies)|states?|cit(?:y|ies)|channels?|stores?|branch(?:es)?|reps?|sales reps?)\b(?=.*\b(?:most|least|highest|lowest|top|best|worst|biggest|largest|smallest|more|fewer|less|revenue|sales|customers|orders|profit|margin|spend|spends|buys?)\b)/;
const PRODUCTISH = /\b(products?|items?|skus?|lines?|articles?|goods|stock|sell(s|ing)?|sold|sellers?)\b/;
const MARGIN = /margin|profit|markup|below cost|at a loss|(lose|losing|lost) money|loss.?making|unprofitable|negative/;
const LOSS = /below cost|at a loss|(lose|losing|lost)(?: us)? money|loss.?making|unprofitable|negative/;
/** "Which products should we discontinue?" got the best sellers. */
export const DISCONTINUE =
  /\b(discontinu\w*|delist\w*|phase out|stop (selling|stocking|carrying)|get rid of|prune|rationali[sz]e|(should|could|to) (we |i )?(drop|cut))\b/;
const LOW = /\b(bottom|smallest|least|lowest|worst|weakest|poorest|thinnest|fewest|slowest)\b/;
const MONEY = /\b(revenue|sales|sold|sell|turnover|income|made|make|earn\w*|takings|total|how much|orders)\b/;
const TREND =
  /trend|monthly|by month|per month|each month|month over month|over time|growth|grow\w*|grew|declin\w*|season\w*|trajector|best month|worst month|peak|\b(go|goes|went|gone|going) (up|down)\b|\b(rising|falling|increasing|decreasing)\b/;
/** "What's our year over year growth?" got the monthly trend with no word of it. */
const YEAR_ON_YEAR = /\byear[- ](over|on)[- ]year\b|\byoy\b|\b(annual|yearly) growth\b/;
const CUSTOMERISH = new RegExp(String.raw`\b(${CUSTOMER_NOUNS}|who (buys|spends|orders))\b`);
/**
 * What to do, as the analysis ranks it: "what should we do first?", "next steps", "top
 * priorities". "What should my sales team do this week?" got this week's revenue.
 */
export const ACTIONS =
  /\b(actions?|next steps?|action plan|to-?do list|top priorit\w+|priorities|(?<!\bat (?:the )?|\b(?:customers?|clients?|accounts?) (?:are|is) (?:the )?)(?:biggest|main|top|key|greatest) risks?|risks? to (?:our |the |my )?(?:revenue|business|sales))\b|\bwhat should (i|we|(?:my|our|the) (?:sales )?(?:team|reps?|people|staff)) (do|focus on|work on|prioriti[sz]e)\b|\bwhere (should|do) (i|we) (start|begin)\b/;

/** Things a segment's word may describe that are not customers: "promising products", "loyal markets". */
export const NOT_CUSTOMERS = 'products?|items?|regions?|countries|categor(?:y|ies)|suppliers?|vendors?|markets?';

/** A question whose subject is another kind of thing than customers. */
const ABOUT_OTHER_THAN_CUSTOMERS = new RegExp(
  String.raw`\b(which|what) (regions?|countr(y|ies)|territor(y|ies)|states?|cit(y|ies)|products?|items?|categor(y|ies)|suppliers?|vendors?|reps?|sales reps?)\b|\b(promising|loyal|champion) (?:${NOT_CUSTOMERS})\b`,
);

/** Customers by when they first bought: "newest customers", "our 10 oldest accounts", "newest Swiss customers". */
const TENURE = new RegExp(
  String.raw`\b(?:(\d{1,2})\s+)?(newest|latest|most recent(?:ly (?:won|acquired|added|gained))?|recently (?:won|acquired|added|gained)|oldest|longest[- ]standing|earliest)\s+(?:(\d{1,2})\s+)?(?:(?:${DEMONYM_WORDS})\s+)?(?:customers?|clients?|accounts?)\b`,
);
/**
 * Customers ranked by their last order: "Which customer ordered most recently?", "Who placed
 * the latest order?" (most recent first), "… ordered least recently?", "… longest since their
 * last order?" (longest silent first). They got the top customers by revenue. Unlike the
 * grammar's LAST_PURCHASE (one named customer's last purchase, or "customers whose last order
 * was …"), the ranking is asked of customers or "who", and of nothing else.
 */
const LAST_ORDERED = new RegExp(
  String.raw`\b(?:ordered|bought|purchased|shopped)\b(?:\s+(?!most\b)[^\s?]+){0,4}?\s+most recently\b|\b(?:ordered|bought|purchased|shopped) last(?=\s*(?:[?.!]|$))|\b(?:placed|made|had|has|have|put in|sent) (?:the|our) (?:very )?(?:most recent|latest|last|newest) (?:order|purchase|invoice)\b|\bmost recent (?:buyers?|purchasers?)\b`,
);
const LEAST_RECENTLY_ORDERED =
  /\b(?:ordered|bought|purchased)\b(?:\s+(?!least\b)[^\s?]+){0,4}?\s+least recently\b|\b(?:longest|most days|most time) since (?:their|the|a) last (?:order|purchase)\b/;
/** Who the ranking is of: customers, or "who". */
const CUSTOMERS_OR_WHO = /\b(?:customers?|clients?|accounts?|buyers?|purchasers?|who)\b/;
/** Another grouping: "Which product was ordered most recently?". */
const OTHER_THAN_CUSTOMERS =
  /\b(?:products?|items?|skus?|articles?|categor(?:y|ies)|sub-categor(?:y|ies)|regions?|countr(?:y|ies)|states?|cit(?:y|ies)|suppliers?|vendors?|segments?|reps?)\b/;
/** A denial: "Which customers haven't ordered most recently?" is no ranking by it. */
const DENIED = /n't\b|\b(?:not|never)\b/;

/** The direction of a ranking of customers by last order the question asks for (`asc`: fewest days since first), or null. */
export function lastOrderRankingOf(q: string): 'asc' | 'desc' | null {
  if (!CUSTOMERS_OR_WHO.test(q) || OTHER_THAN_CUSTOMERS.test(q) || DENIED.test(q)) return null;
  if (LEAST_RECENTLY_ORDERED.test(q)) return 'desc';
  return LAST_ORDERED.test(q) ? 'asc' : null;
}

/** "Which product was ordered most recently?": a ranking by last order of rows other than customers. */
export function lastOrderOfOthers(q: string): boolean {
  return OTHER_THAN_CUSTOMERS.test(q) && !DENIED.test(q) && (LAST_ORDERED.test(q) || LEAST_RECENTLY_ORDERED.test(q));
}

/** "Who was our first customer?", "our first 10 clients": the question ends on them (not "… to buy Chairs"). */
const FIRST_CUSTOMERS = /\b(?:our|the) (?:very )?first (?:(\d{1,2}) )?(?:customer|client|account|(customers|clients|accounts))\s*[?.!]*$/;

const RANKING = /\b(top|best|biggest|largest|most|highest|main|key|major|valuable|important|bottom|smallest|least|lowest|worst|rank\w*)\b/;
const OVERVIEW =
  /overview|summary|summari[sz]e|(?:key|main|top) (?:insights|findings|takeaways)|highlights|what stands out|how(?:'s| is) business\b|total revenue|revenue in total|overall|how many (customers|orders|products|suppliers)|key (numbers|figures|metrics)|big picture|headline|gross margin|average order|in a nutshell|how (are|is) (we|business|the business|things|it) (doing|going)|how's (business|it going)/;
const HELP = /^(help|hi|hello|what can you (do|answer)|what can i ask)\b/;

interface Named {
  /** The text to pass to lookup tools (the name as stored). */
  value: string;
  /** Normalised forms that count as a mention, longest first. */
  forms: string[];
  /** The name's distinctive first word ("Rossi" of "Rossi Ltd 774"), a mention only when written with a capital. */
  firstWord: string | null;
}

function formsOf(name: string, id: string | null): string[] {
  const full = normalise(name);
  const forms = new Set([full, full.replace(LEGAL_SUFFIX, ''), full.replace(SIZE_SUFFIX, '')]);
  if (id) forms.add(normalise(id));
  return [...forms].filter(isDistinctive).sort((a, b) => b.length - a.length);
}

function isDistinctive(form: string): boolean {
  return form.length >= 3 && !GENERIC_NOUN.test(form);
}

/**
 * What is left of "Supplier 0" or "Customer 12" without its number: a word every question
 * about suppliers or customers contains, so it named no one ("Which supplier are we most
 * dependent on?" got Supplier 0, at 2.6% of revenue, not the one at 14.4%).
 */
const GENERIC_NOUN = new RegExp(
  String.raw`^(suppliers?|vendors?|${CUSTOMER_NOUNS}|products?|items?|articles?|skus?|regions?|territor(y|ies)|reps?|sales reps?|categor(y|ies)|stores?|shops?|warehouses?|brands?)$`,
);

/**
 * A first word that can stand for its name when typed with a capital: five letters or more,
 * or, for a supplier, four that no question is made of ("Are we too dependent on Acme?" got
 * the customers' concentration: "Acme" was too short to name Acme Supply, Inc.). Customers'
 * and products' four-letter first words are places as often as names: Iowa's "West" of West
 * Side Spirits took "Revenue in the West" to that store.
 */
function isNameLike(first: string, fourLetters: boolean): boolean {
  if (!isDistinctive(first)) return false;
  return (
    first.length >= 5 ||
    (fourLetters && first.length === 4 && /^\p{L}+$/u.test(first) && !QUESTION_WORDS.has(first) && !isGrammarWord(first))
  );
}

/** Four-letter words a question typed in title case capitalises ("Show Me The Best Month"), no names. */
const QUESTION_WORDS = new Set(
  'what when whom show list give tell much many most more less best last next this that year week date days each from with into over than them they your ours have does make made sell sold lose lost gain good well high down rise fell drop sale only also both some same such just very time ever west east'.split(
    ' ',
  ),
);

/** First words shared by two names are not distinctive enough to count as a mention. */
function uniqueFirstWords(names: string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const name of names) {
    const first = normalise(name).split(' ')[0];
    counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n === 1).map(([w]) => w));
}

function namedList(entries: { name: string; id: string | null }[], fourLetters = false): Named[] {
  const unique = uniqueFirstWords(entries.map((e) => e.name));
  // A name several ids share ("Black Velvet (11788)", "Black Velvet (11777)") names them all:
  // first, so it wins over any one of them.
  const shared = [...sharedNamesOf(entries.map((e) => e.name)).keys()].map((name): Named => ({
    value: name,
    forms: formsOf(name, null),
    firstWord: null,
  }));
  return [
    ...shared,
    ...entries.map((e) => {
      const first = normalise(e.name).split(' ')[0];
      const firstWord = unique.has(first) && isNameLike(first, fourLetters) ? first : null;
      return { value: e.id ?? e.name, forms: formsOf(e.name, e.id), firstWord };
    }),
  ];
}

/**
 * The entity whose longest form appears in the question as whole words. A first word alone
 * counts only where the question capitalises it: "What is our customer lifetime value?" named
 * the product "Lifetime Advantage Folding Chairs".
 */
function mentioned(question: string, entries: Named[], capitalised: ReadonlyMap<string, string | null>): Mention | null {
  const padded = ` ${question} `;
  let best: Mention | null = null;
  for (const entry of entries) {
    const form =
      entry.forms.find((f) => padded.includes(` ${f} `)) ??
      (entry.firstWord && startsThisName(entry, capitalised) && padded.includes(` ${entry.firstWord} `) ? entry.firstWord : undefined);
    if (form && (!best || form.length > best.form.length)) best = { value: entry.value, form };
  }
  return best;
}

interface Mention {
  value: string;
  /** The words of the question that named it. */
  form: string;
}

/**
 * The mentions' values, less any whose words lie inside a longer mention of another kind:
 * "Tell me about Black Velvet" named the product, but also the supplier "Black Rock
 * Spirits" by its first word, and got that supplier's figures.
 */
function outermost(...mentions: (Mention | null)[]): (string | null)[] {
  return mentions.map((m) =>
    m && mentions.some((other) => other && other !== m && other.form.length > m.form.length && ` ${other.form} `.includes(` ${m.form} `))
      ? null
      : (m?.value ?? null),
  );
}

/**
 * The question's words written with a capital, but its first word, normalised ("How is Rossi
 * doing?" → rossi): any first word has one ("Lifetime value of our customers?"). Each with the
 * capitalised word right after it, if any: "Cedar Rapids" is a city, no "Cedar" of Cedar Ridge
 * Vineyards (Iowa's "How many bottles … did stores in Cedar Rapids buy?" got that supplier).
 */
function capitalisedWords(question: string): Map<string, string | null> {
  const words = question.trim().split(/\s+/);
  const capitalised = new Map<string, string | null>();
  for (let i = 1; i < words.length; i++) {
    if (!/^\p{Lu}/u.test(words[i])) continue;
    const next = words[i + 1];
    capitalised.set(normalise(words[i]), next && /^\p{Lu}/u.test(next) ? normalise(next) : null);
  }
  return capitalised;
}

/** A name's first word typed with a capital, and not as the start of another name ("Cedar Rapids"). */
function startsThisName(entry: Named, capitalised: ReadonlyMap<string, string | null>): boolean {
  const first = entry.firstWord as string;
  if (!capitalised.has(first)) return false;
  const next = capitalised.get(first);
  return !next || entry.forms.some((form) => form.startsWith(`${first} ${next}`));
}

/** "List 3 champions", "show me five loyal customers": a count written just before a segment's name. */
function countBefore(q: string, segment: SegmentName): number {
  const word = new RegExp(String.raw`\b(\d{1,2}|[a-z]+)\s+(?:of (?:the |our )?)?${normalise(segment).split(' ')[0]}`).exec(q)?.[1];
  const n = word === undefined ? 0 : Number(word) || NUMBER_WORDS[word] || 0;
  return n >= 1 ? Math.min(n, 25) : 0;
}

function limitOf(q: string, fallback: number): number {
  // "Who is the 10th biggest customer?" listed the top 5: a place asked for is the list's last row.
  const place = ordinalRankOf(q);
  if (place) return Math.min(Math.max(place.n, fallback), 25);
  const patterns = [
    /\b(?:top|bottom|best|worst|biggest|largest|smallest|highest|lowest|first)\s+(\d{1,2}|[a-z]+)\b/,
    /\b(\d{1,2}|[a-z]+)\s+(?:top|best|biggest|largest|smallest|most|least|highest|lowest|worst|bottom|main|customers|clients|products|items)\b/,
  ];
  for (const pattern of patterns) {
    const word = pattern.exec(q)?.[1];
    const n = word === undefined ? undefined : Number(word) || NUMBER_WORDS[word];
    if (n && n >= 1) return Math.min(n, 25);
  }
  return fallback;
}

function segmentOf(q: string): SegmentName | null {
  if (/\bchampions?\b/.test(q)) return 'Champions';
  if (/\bpotential loyalists?\b/.test(q)) return 'Potential Loyalists';
  if (/\bloyal\b/.test(q)) return 'Loyal';
  if (/\bhibernat\w*/.test(q)) return 'Hibernating';
  if (/\babout to sleep\b/.test(q)) return 'About to Sleep';
  if (/\bcan'?t lose\b|\bcannot lose\b/.test(q)) return "Can't Lose Them";
  if (/\bneeds? attention\b/.test(q)) return 'Need Attention';
  if (/\bpromising\b/.test(q)) return 'Promising';
  if (/\bnew (customers|segment|accounts|buyers|clients)\b/.test(q)) return 'New';
  if (/\bat risk\b/.test(q) && SEGMENT.test(q)) return 'At Risk';
  return SEGMENT_NAMES.find((s) => q.includes(normalise(s)) && SEGMENT.test(q)) ?? null;
}

function chartSeriesOf(q: string): ChartSeries {
  if (/supplier|vendor/.test(q)) return 'supplier_share';
  if (/segment/.test(q)) return 'segment_revenue';
  if (/margin|profit/.test(q)) return 'product_margins';
  if (/categor/.test(q)) return 'category_revenue';
  if (/product|item/.test(q)) return 'top_products';
  if (/customer|client/.test(q)) return 'top_customers';
  if (/order/.test(q)) return 'monthly_orders';
  return 'monthly_revenue';
}

function productMetricOf(q: string): ProductMetric {
  if (LOSS.test(q)) return 'marginPct';
  if (/most profitable|profit\b|profits|gross margin (value|amount)/.test(q)) return 'margin';
  if (MARGIN.test(q)) return 'marginPct';
  if (/volume|quantit|units|how many (were )?sold/.test(q)) return 'quantity';
  if (/most customers|widely|how many customers/.test(q)) return 'customers';
  if (/declin|growing|fastest|trend|falling|rising|dropp?(s|ing|ed)?\b/.test(q)) return 'trendPct';
  return 'revenue';
}

function productDirectionOf(q: string): Direction {
  return LOSS.test(q) || LOW.test(q) || /declin|falling|dropp?(s|ing|ed)?\b/.test(q) ? 'asc' : 'desc';
}

/** A period at the end of a question ("… in 2011", "… last month"), which is no part of a name. */
const PERIOD_TAIL = /\s+(?:in|during|for|since|over)\s+[^?!.]*[?!.]*\s*$|\s+(?:last|this)\s+(?:year|month|quarter)[?!.]*\s*$/i;

/**
 * The name after "with" in a cross-sell question, typed with a capital ("What goes with
 * Phones?"), when it is no listed product: Superstore's sub-category Phones got the rules
 * of every sub-category, none of them with Phones.
 */
function namedAfterWith(question: string, result: AnalysisResult): string | null {
  return namedAfterWithCapital(question) ?? ruleItemAfterWith(question, result);
}

/**
 * A rule's item named in lower case after "with": "what goes with chairs" got every rule of the
 * file (Machines → Fasteners first), the capital the name pass needs missing.
 */
function ruleItemAfterWith(question: string, result: AnalysisResult): string | null {
  const typed = /\bwith (?:our |the )?([^?!.]+?)[?!.\s]*$/i.exec(question.trim())?.[1].toLowerCase();
  if (!typed) return null;
  const items = (result.crossSell?.rules ?? []).flatMap((rule) => [rule.antecedent.name, rule.consequent.name]);
  return items.find((name) => name.toLowerCase() === typed) ?? null;
}

function namedAfterWithCapital(question: string): string | null {
  // "… to customers who buy Phones?" got every rule of the file, Phones read nowhere.
  const named =
    /\bwith (?:our |the )?(\p{Lu}[^?!.]*?)[?!.\s]*$/u.exec(question.trim()) ??
    new RegExp(
      String.raw`\b(?:${CUSTOMER_NOUNS}|buyers|those|people) (?:who|that) (?:buy|bought|purchase|purchased|order|ordered) (?:our |the )?(\p{Lu}[^?!.]*?)[?!.\s]*$`,
      'u',
    ).exec(question.trim());
  return named ? named[1].trim() : null;
}

/** What a question of prospects names to buy: "Chairs" of "Which customers should buy Chairs?" and of "Who should we sell Chairs to?". */
function namedToBuy(question: string): string | null {
  const named =
    /\b(?:buy|order|purchase|sell|offer|pitch)\s+(?:the |our |some |more )?(.+?)(?:\s+(?:to|next|from|in|this|last|again)\b|[?!.]|$)/i.exec(
      question.trim(),
    );
  return named ? named[1].trim() : null;
}

/** The intent a question asks for, with the names it mentions resolved. */
export function intentOf(question: string, result: AnalysisResult): Intent {
  const q = question.toLowerCase().replace(/[’‘]/g, "'");
  const text = normalise(question);
  const customers = namedList((result.segments?.customers ?? []).map((c) => ({ name: c.name, id: c.id })));
  const products = namedList((result.products?.items ?? []).map((p) => ({ name: p.name, id: p.id })));
  const suppliers = namedList(
    (result.suppliers?.items ?? []).map((s) => ({ name: s.name, id: null })),
    true,
  );
  const categories = [...new Set((result.products?.items ?? []).flatMap((p) => (p.category ? [p.category] : [])))];
  const capitalised = capitalisedWords(question);
  const [customer, product, supplier] = outermost(
    mentioned(text, customers, capitalised),
    mentioned(text, products, capitalised),
    mentioned(text, suppliers, capitalised),
  );
  const category = categories.find((c) => normalise(c).length >= 3 && ` ${text} `.includes(` ${normalise(c)} `)) ?? null;
  // "Which region needs attention?" asks about regions, not the RFM segment "Need Attention".
  const segment = ABOUT_OTHER_THAN_CUSTOMERS.test(q) ? null : segmentOf(q);

  if (HELP.test(q) && !customer && !product) return { kind: 'help', asked: true };
  const resultIntent = bridgeIntentOf(q, asOfDate(result)) ?? retentionIntentOf(q);
  if (resultIntent) return resultIntent;
  // "Give me 3 actions to grow revenue" got the monthly trend.
  if (ACTIONS.test(q)) return { kind: 'actions' };
  if (CHART.test(q)) return { kind: 'chart', series: chartSeriesOf(q) };
  const prospects = PROSPECTS.test(q);
  if ((CROSS_SELL.test(q) && !WHEN_NEXT.test(q)) || prospects) {
    const named = product ?? (customer ? null : namedAfterWith(question.replace(PERIOD_TAIL, ''), result));
    // "Bought together with PARTY BUNTING in 2011" was counted over the whole file.
    const period = named
      ? periodOf(
          q,
          result.trend.monthly.map((m) => m.month),
        )
      : null;
    const toBuy = prospects ? namedToBuy(question) : null;
    if (toBuy) return { kind: 'cross_sell', customer: null, product: product ?? toBuy, prospects: toBuy };
    return { kind: 'cross_sell', customer, product: named, ...(period ? { period } : {}) };
  }
  if (!customer && PURCHASE_GAP.test(q)) return { kind: 'purchase_gap' };
  // "Top 3 customers by CLV" listed 5, "top 10 … by lifetime value" 5 too.
  if (!customer && CUSTOMER_VALUE.test(q)) {
    const asked = limitOf(q, 0);
    return asked > 0 ? { kind: 'customer_value', limit: asked } : { kind: 'customer_value' };
  }
  if (customer) return { kind: 'customer', query: customer };
  if (supplier) return { kind: 'supplier', name: supplier };
  if (SUPPLIER.test(q)) return { kind: 'suppliers' };
  const recency = lastOrderRankingOf(q);
  // "Which customer …?" or "who …?" asks for one (those tied with it are listed too).
  const one = /\b(?:which|what) (?:customer|client|account)\b|\bwho\b/.test(q) && !/\b(?:customers|clients|accounts)\b/.test(q);
  if (recency) return { kind: 'rank_customers', metric: 'recencyDays', direction: recency, limit: one ? 1 : limitOf(q, 5) };
  // "Who was our first customer?" got the top customers by revenue: the longest-standing.
  const first = FIRST_CUSTOMERS.exec(q);
  if (first) return { kind: 'rank_customers', metric: 'firstOrder', direction: 'asc', limit: Number(first[1] ?? 0) || (first[2] ? 5 : 1) };
  // "Who are our newest customers?" got the top customers by revenue.
  const tenure = TENURE.exec(q);
  if (tenure)
    return {
      kind: 'rank_customers',
      metric: 'firstOrder',
      direction: /^(newest|latest|most|recent)/.test(tenure[2]) ? 'desc' : 'asc',
      limit: Math.min(Number(tenure[1] ?? tenure[3] ?? 0) || limitOf(q, 5), 25),
    };
  // "List 3 champions" listed 10.
  if (segment) {
    const asked = limitOf(q, 0) || countBefore(q, segment);
    return asked > 0 ? { kind: 'segment', segment, limit: asked } : { kind: 'segment', segment };
  }
  // On a file of one row per customer (UCI Wholesale), "Which region has the most customers?"
  // got the top customers by revenue, and "which region has the most churn risk?" every
  // region's churn list: a ranking of groups the analysis keeps no figures by.
  const grouped = GROUP_RANKED.exec(q);
  if (grouped) return { kind: 'no_grouping', noun: grouped[1] };
  if (CHURN_ACCURACY.test(q)) return { kind: 'churn_accuracy' };
  if (CHURN_METHOD.test(q)) return { kind: 'churn_method' };
  if ((CHURN.test(q) || WHOM_TO_CALL.test(q)) && !MARGIN.test(q)) {
    // "Which of our top 20 customers are at risk?" got the whole churn list, and so did "… our biggest customers …".
    const top = AMONG_TOP.exec(q);
    const count = top?.[1] ?? top?.[2];
    const n = top ? (count ? Number(count) || NUMBER_WORDS[count] : undefined) || TOP_CUSTOMERS_UNCOUNTED : undefined;
    // "Top 5 lost customers for Rep 12" listed 10.
    return { kind: 'churn', risk: riskOf(q), ...(n ? { amongTop: Math.min(n, 500) } : { limit: limitOf(q, 10) }) };
  }
  if (CONCENTRATION.test(q)) return { kind: 'concentration', ...(TOP_FIFTH.test(q) ? { topFifth: true } : {}) };
  if (SEGMENT.test(q)) return { kind: 'segments' };
  if (product && !RANKING.test(q)) return { kind: 'product', query: product };
  // "How much did we sell in 2021?" on a file without dates got the top products.
  if (!result.dataset.period.from && NAMES_A_PERIOD.test(q)) return { kind: 'no_dates' };
  const period = MONEY.test(q)
    ? periodOf(
        q,
        result.trend.monthly.map((m) => m.month),
      )
    : null;
  if (period) return { kind: 'period_total', period };
  if (DISCONTINUE.test(q) && (PRODUCTISH.test(q) || category) && !CUSTOMERISH.test(q))
    return {
      kind: 'rank_products',
      metric: result.totals.grossMargin === null ? 'revenue' : 'margin',
      direction: 'asc',
      limit: limitOf(q, 10),
      category,
      review: true,
    };
  if (MARGIN.test(q) || ((PRODUCTISH.test(q) || category) && !CUSTOMERISH.test(q))) {
    return { kind: 'rank_products', metric: productMetricOf(q), direction: productDirectionOf(q), limit: limitOf(q, 5), category };
  }
  if (TREND.test(q)) return { kind: 'trend', yearOnYear: YEAR_ON_YEAR.test(q) };
  if (CUSTOMERISH.test(q) && (RANKING.test(q) || /\bwho\b/.test(q))) {
    const metric: CustomerMetric = /orders|frequen|often/.test(q) ? 'orders' : 'revenue';
    return { kind: 'rank_customers', metric, direction: LOW.test(q) ? 'asc' : 'desc', limit: limitOf(q, 5) };
  }
  if (OVERVIEW.test(q) || /\b(revenue|sales|turnover)\b/.test(q)) return { kind: 'overview' };
  return { kind: 'help', asked: false };
}

/** The analysis's as-of date, as "today" for relative periods ("last quarter"). */
function asOfDate(result: AnalysisResult): Date {
  return new Date(`${result.asOf ?? result.dataset.period.to ?? '1970-01-01'}T00:00:00Z`);
}

function riskOf(q: string): ChurnRisk | null {
  const level = /\b(high|medium|low)[ -]risk\b/.exec(q);
  if (level) return level[1] as ChurnRisk;
  // "Which customers did we lose?", "… has Rep 3 lost?" (a rep named by a word and a number) and
  // "… churned?" got every flagged customer, medium risk first.
  if (
    // "Which customers stopped buying?" listed one who had bought 28 days before, rated medium.
    /\b(already lost|lost customers|customers (we )?(have )?lost|we (have )?lost|(are|is|were|was) (already )?lost|(did|have|has) (we|\w+ \d+) (lose|lost)|churned|stopped (buying|ordering|purchasing)|no longer (buy|buying|order|ordering))\b/.test(
      q,
    )
  )
    return 'lost';
  return null;
}
