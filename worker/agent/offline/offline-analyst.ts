/**
 * The offline analyst: deterministic, no model. It narrates an analysis by running the
 * focus area's sections through the shared tools, then writes an executive summary and
 * per-question findings; it answers chat by matching intents to the same tools.
 */
import { ROUNDING_RULE } from '../../engine/render/format';
import { escapeMarkdown } from '../../engine/render/escape';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { FOCUS_AREAS, type FocusAreaId } from '../focus-areas';
import type { Analyst, AnswerInput, NarrateInput } from '../analyst';
import { Plan, TranscriptWriter } from '../transcript-writer';
import { answerQuestion, NOT_AVAILABLE } from './answers';
import { intentOf, type Intent, type ProductMetric } from './intents';
import { cant } from './query-answer';
import { analysisDayOf, answerFromRows } from './query-chat';
import { pointsToUnnamed } from './query-follow-ups';
import { thresholdOf, thresholdOnListsReason } from './query-limits';
import { periodsOf } from './query-periods';
import { shapeRefusal } from './query-grammar';
import { withWordingMended } from './query-text';
import { unknownWordsOf, unreadWordsOf } from './query-unknown-words';
import { regionAsked } from './region-answers';
import { valuesNamed } from './query-values';
import { answerRepQuestion } from './rep-answers';
import { asksResultTools } from './retention-intents';
import { FOCUS_PLANS } from './focus-plans';
import { createRunner } from './runner';
import { SECTIONS, type Finding } from './sections';

const SUMMARY_STEP = 'Write the executive summary and actions';
const QUESTION_STEP = 'Answer your question';
const MAX_ACTIONS = 5;

/** Creates the offline analyst. */
export function createOfflineAnalyst(): Analyst {
  return { narrate: narrateOffline, answer: answerOffline };
}

/** The narrative for an analysis; also the model analyst's fallback. */
export async function narrateOffline(input: NarrateInput): Promise<void> {
  // A free-text question runs as comprehensive plus an answer to it.
  const focus: FocusAreaId = input.question ? 'comprehensive' : input.focus;
  const plan = FOCUS_PLANS[focus];
  const sections = plan.sections.filter((key) => SECTIONS[key].applies?.(input.result) ?? true);
  const writer = new TranscriptWriter(input.transcript, input.idPrefix ?? 'narrate');
  const steps = [...sections.map((key) => SECTIONS[key].step), ...(input.question ? [QUESTION_STEP] : []), SUMMARY_STEP];
  const checklist = new Plan(writer, steps, input.completedSteps);
  const runner = createRunner(
    writer,
    { result: input.result, artifacts: input.artifacts, customerRegions: input.customerRegions, snapshot: input.snapshot },
    input.signal,
  );

  await checklist.open();
  const findings: Finding[] = [];
  for (const [index, key] of sections.entries()) {
    const section = SECTIONS[key];
    const finding = await section.run(runner);
    findings.push(finding);
    if (finding.headline !== null) {
      for (const series of section.charts.filter((s) => plan.charts.includes(s))) await runner.chart(series);
    }
    await checklist.advance(index);
  }
  let answer: string | null = null;
  if (input.question) {
    answer = await answerTextOf(input.question, input, runner);
    await checklist.advance(sections.length);
  }
  input.signal?.throwIfAborted();
  await writer.text(reportOf(focus, findings, input.question, answer));
  await checklist.advance(steps.length - 1);
}

/** A chat answer: the tool calls, then the answer text. */
export async function answerOffline(input: AnswerInput): Promise<void> {
  const writer = new TranscriptWriter(input.transcript, input.idPrefix ?? `chat-${input.history.length}`);
  const runner = createRunner(
    writer,
    { result: input.result, artifacts: input.artifacts, customerRegions: input.customerRegions, snapshot: input.snapshot },
    input.signal,
  );
  await writer.text(await answerTextOf(input.question, input, runner));
}

/**
 * The answer to a question, the same in chat and for the question asked at upload (which
 * was answered from the analysis alone: "Which stores buy the most vodka?" got the help list
 * there and the exact figure in chat). Rep scorecards first: the grammar would read "how is
 * Anna doing?" as a question it can't map. Retention and bridge questions mention "revenue"
 * and periods, which the row grammar would answer as a total or a comparison without the split.
 * A question that points at someone it does not name ("How did their margin change?") is
 * refused before either: the intent answers would give everyone's figure.
 */
async function answerTextOf(
  typed: string,
  input: Pick<AnswerInput, 'result' | 'snapshot' | 'customerRegions'>,
  runner: ReturnType<typeof createRunner>,
): Promise<string> {
  // "wich rep sold most in 2024" got the year's revenue: every reader sees the grammar's words mended.
  const question = withWordingMended(typed);
  const text =
    (await answerRepQuestion(question, input.result, runner, () =>
      input.snapshot ? valueBesideReps(question, input.snapshot.meta) : null,
    )) ??
    pointsToUnnamed(question) ??
    (input.snapshot && !asksResultTools(question, input.snapshot.meta)
      ? await answerFromRows(question, input.snapshot, input.result, runner)
      : null) ??
    (input.snapshot ? wordReadPastBy(question, input.snapshot.meta, input.result, input.customerRegions) : shapeRefusal(question)) ??
    (await answerQuestion(question, input.result, runner, input.customerRegions, input.snapshot));
  // An expected absence is the answer itself, said plainly, not a pointer to an error.
  return text === NOT_AVAILABLE ? (runner.lastAbsence() ?? text) : text;
}

/**
 * Why the analysis' own answers can't take the question: "churn risk for costco" and "cross-sell
 * opportunities for walmart" got the whole file's list, the word read past; "churn risk for
 * miller" got it too, the answers of every customer reading no names.
 */
function wordReadPastBy(
  question: string,
  meta: SnapshotMeta,
  result: AnswerInput['result'],
  customerRegions: AnswerInput['customerRegions'],
): string | null {
  const intent = intentOf(question, result);
  // "What's not selling?" got the top 5 products of all, "top products recently" those of all time.
  if (rankingOfAll(intent) && NOT_OF_ALL_TIME.test(question.toLowerCase()))
    return cant(
      'The ranking of every product is of the whole file and of what sold. Name a period for recent sellers (“top products in the last 3 months”), or ask for the worst sellers (“bottom 10 products by revenue”): products that did not sell at all have no rows.',
      meta,
      analysisDayOf(result),
    );
  // A word nothing reads is said first: "a normal drain on profit" is no question of the city Normal.
  const reason =
    (rankingOfAll(intent)
      ? unknownWordsOf(question, meta, [], result.dataset.fileName)
      : unreadWordsOf(
          question,
          meta,
          result.dataset.fileName,
          !OF_EVERY_CUSTOMER.has(intent.kind),
          placeNamesRegion(question, customerRegions),
        )) ??
    narrowingReadPastBy(intent, question, meta, analysisDayOf(result)) ??
    profileReadPastBy(intent, question, meta) ??
    supplierReadPastBy(intent, question, meta) ??
    thresholdReadPastBy(intent, question);
  return reason && cant(reason, meta, analysisDayOf(result));
}

/**
 * The answers of the whole file (the rankings, segments, concentration, suppliers) narrowed
 * by nothing: "which products should we drop in 2021" got the all-time list, and "most
 * valuable clients in the technology category" every customer's. A period, or a value other
 * than a region (which the customers' answers narrow to) and the category a product ranking
 * takes, is refused.
 */
function narrowingReadPastBy(intent: Intent, question: string, meta: SnapshotMeta, today: Date | null): string | null {
  if (!WHOLE_FILE_ANSWERS.has(intent.kind)) return null;
  const of = intent.kind === 'rank_products' ? 'every product' : intent.kind === 'suppliers' ? 'every supplier' : 'every customer';
  // The grammar's own reading of periods: "in may", "in h1", "since jan", "the last 6 months".
  const read = today ? periodsOf(question, today).period : null;
  if (read) {
    const range = `${read.from} … ${read.to}`;
    return `This answer is of ${of} over all the file's dates, and I can't narrow it to ${range}. ${askInstead(intent, `from ${read.from} to ${read.to}`)}`;
  }
  const taken = intent.kind === 'rank_products' && intent.category !== null ? 'category' : null;
  const dropped = valueNotTaken(question, meta, ['region', taken]);
  if (!dropped) return null;
  return `This answer is of ${of}, and I can't narrow it to the ${dropped.label} “${escapeMarkdown(dropped.values.join(', '))}”. ${askInstead(intent, `for ${dropped.values[0]}`)}`;
}

/**
 * The values the question names, and the first of a column the answer does not take (`taken`)
 * with that column's label in lower case; null when it names none, or one the file lacks (the
 * grammar refuses that by name).
 */
function valueNotTaken(
  question: string,
  meta: SnapshotMeta,
  taken: readonly (string | null)[],
): { filters: readonly { dimension: string; values: string[] }[]; values: string[]; label: string } | null {
  const named = valuesNamedIn(question, meta);
  if (!named) return null;
  const dropped = named.filters.find((f) => !taken.includes(f.dimension));
  if (!dropped) return null;
  const label = meta.dimensions.find((d) => d.key === dropped.dimension)?.label ?? dropped.dimension;
  return { filters: named.filters, values: dropped.values, label: label.toLowerCase() };
}

/**
 * The values a question names; a kind of goods named last after "for", "on" or "in" is read as
 * before a figure is: "which vendors are we most dependent on for whiskey" got every vendor's
 * dependency (Brown-Forman 7.6% of all; 21.6% of the whiskeys').
 */
function valuesNamedIn(question: string, meta: SnapshotMeta): { filters: readonly { dimension: string; values: string[] }[] } | null {
  const named = valuesNamed(question, meta, undefined);
  if ('refused' in named) return null;
  if (named.filters.length > 0) return named;
  const last = LAST_NAMED.exec(question)?.[1];
  const kind = last ? valuesNamed(`${last} revenue`, meta, undefined) : null;
  return kind && !('refused' in kind) ? kind : named;
}

/** The words after the last "for", "on" or "in", to the end: "… dependent on for whiskey?". */
const LAST_NAMED =
  /\b(?:for|on|in)\s+(?!(?:the\s+)?(?:last|this|next|past|year|month|quarter|week|total|general|all|each|every|revenue|sales)\b)([\p{L}][\p{L}\s&'-]{1,40}?)\s*[?.!]*$/iu;

/**
 * A customer's profile, which is of everything they bought, asked of some of it: "when did
 * Justin Deggeller last order phones?" got his last order of all (2021-11-19; his last
 * Phones, 2019-11-27), "how is Sean Miller doing in technology?" all his revenue.
 */
function profileReadPastBy(intent: Intent, question: string, meta: SnapshotMeta): string | null {
  if (intent.kind !== 'customer') return null;
  const dropped = valueNotTaken(question, meta, ['customer', 'region']);
  if (!dropped) return null;
  const customer = dropped.filters.find((f) => f.dimension === 'customer')?.values[0] ?? intent.query;
  const value = dropped.values[0];
  return `This answer is ${escapeMarkdown(customer)}'s profile, of everything they bought, and I can't narrow it to the ${dropped.label} “${escapeMarkdown(value)}”. Ask for a figure of the rows with it, such as “${escapeMarkdown(`${customer} ${value} revenue by month`)}”.`;
}

/**
 * A supplier's share, which is of all revenue, asked of some of it: "how dependent is Rep 7 on
 * Acme Supply, Inc." got Acme's 14.0% of all revenue (it is 17.3% of Rep 7's).
 */
function supplierReadPastBy(intent: Intent, question: string, meta: SnapshotMeta): string | null {
  if (intent.kind !== 'supplier') return null;
  const dropped = valueNotTaken(question, meta, ['supplier', 'region']);
  if (!dropped) return null;
  const value = dropped.values[0];
  return `This answer is ${escapeMarkdown(intent.name)}'s share of all revenue, and I can't narrow it to the ${dropped.label} “${escapeMarkdown(value)}”. Ask for a figure of the rows of both, such as “${escapeMarkdown(`what share of ${value} revenue is from ${intent.name}`)}”.`;
}

/**
 * "Lost customers in UK with revenue over 10,000" got all 105 lost customers in the UK: the
 * churn lists and the segments keep no customers by a figure.
 */
function thresholdReadPastBy(intent: Intent, question: string): string | null {
  if (intent.kind !== 'churn' && intent.kind !== 'segment' && intent.kind !== 'segments') return null;
  const cut = thresholdOf(question);
  return cut && thresholdOnListsReason(cut.words);
}

/** The analysis' answers of every customer, product or supplier, which take no period and no value but a region's. */
const WHOLE_FILE_ANSWERS: ReadonlySet<Intent['kind']> = new Set([
  'rank_customers',
  'rank_products',
  'concentration',
  'customer_value',
  'segment',
  'segments',
  'suppliers',
]);

/** The query's words for a product ranking's figure. */
const RANKED_BY: Readonly<Record<ProductMetric, string>> = {
  revenue: 'revenue',
  margin: 'gross profit',
  marginPct: 'margin',
  quantity: 'units',
  customers: 'number of customers',
  trendPct: 'revenue',
};

/** A figure the rows can give instead, narrowed as asked ("in 2021", "in Technology"). */
function askInstead(intent: Intent, narrowed: string): string {
  const example =
    intent.kind === 'rank_products'
      ? `${intent.direction === 'asc' ? 'bottom' : 'top'} 10 products by ${RANKED_BY[intent.metric]} ${narrowed}`
      : intent.kind === 'suppliers'
        ? `revenue by supplier ${narrowed}`
        : `top 5 customers by revenue ${narrowed}`;
  return `Ask for a figure of the rows with it, such as “${escapeMarkdown(example)}”.`;
}

/** What the ranking of every product can't hold: a denial ("not selling") or a recent time with no period ("lately"). */
const NOT_OF_ALL_TIME =
  /\b(?:not|never|no longer|isn't|aren't|doesn't|don't|recently|lately|these days|right now|currently|at the moment|this season)\b|n't\b/;

/**
 * The ranking of every product, which reads no name anywhere in the question: "What are our green
 * products?" got Iowa's top 5 products of all, "green" a word of some of their names. (The
 * customers' rankings read places: "Who are our 3 newest Swiss customers?")
 */
function rankingOfAll(intent: Intent): boolean {
  return intent.kind === 'rank_products' && intent.category === null;
}

/**
 * Whether the question names a customers' region (or several, which the region answers
 * refuse): a place it names is then theirs to read. "Most valuable customers in the uk" on a
 * file with no such region got everyone's.
 */
function placeNamesRegion(question: string, customerRegions: AnswerInput['customerRegions']): boolean {
  const { region, refusal } = regionAsked(question, customerRegions);
  return region !== null || refusal !== null;
}

/** The answers that are of every customer and name no one: a word of a name is read past by them. */
const OF_EVERY_CUSTOMER: ReadonlySet<Intent['kind']> = new Set([
  'churn',
  'churn_accuracy',
  'churn_method',
  'concentration',
  'customer_value',
  'purchase_gap',
  'segment',
  'segments',
]);

/**
 * The first value of the file the question names other than a rep (a region, a category, a
 * customer), `true` for a name the file does not hold ("in Spain"), which the grammar refuses,
 * or null.
 */
function valueBesideReps(question: string, meta: SnapshotMeta): string | true | null {
  const named = valuesNamed(question, meta, undefined);
  if ('refused' in named) return true;
  // A customer whose name is a rep's too ("How is Anna Andreadi doing?" where both are) names the rep.
  const reps = new Set(meta.dimensions.find((d) => d.key === 'salesRep')?.values ?? []);
  const other = named.filters.find(
    (f) => f.dimension !== 'salesRep' && !(f.dimension === 'customer' && f.values.every((v) => reps.has(v))),
  );
  return other ? other.values.join(', ') : null;
}

/** The executive summary followed by the findings, as markdown. */
export function reportOf(focus: FocusAreaId, findings: Finding[], question: string | null, answer: string | null): string {
  const title = FOCUS_AREAS.find((area) => area.id === focus)?.title ?? 'Analysis';
  const overview = findings.find((f) => f.section === 'overview');
  const others = findings.filter((f) => f.section !== 'overview');
  const headlines = others.flatMap((f) => (f.headline ? [`- ${f.headline}`] : []));
  const actions = others.flatMap((f) => (f.action ? [f.action] : [])).slice(0, MAX_ACTIONS);
  const lines = [
    `## Executive summary — ${title}`,
    FOCUS_PLANS[focus].lens,
    '',
    ...(overview?.headline ? [overview.headline, ''] : []),
    ...headlines,
    '',
    '### Top actions',
    ...actions.map((action, index) => `${index + 1}. ${action}`),
  ];
  if (question && answer) lines.push('', '## Your question', `> ${question.replace(/\s+/g, ' ')}`, '', answer);
  lines.push('', '## Findings');
  for (const finding of findings) {
    // A finding with nothing to list (e.g. no product pair met the thresholds) still says so.
    const details = finding.details.length > 0 || !finding.headline ? finding.details : [sentenceOf(finding.headline)];
    lines.push('', `### ${finding.question}`, ...details.map((d) => `- ${d}`));
    if (finding.action) lines.push('', `**Action:** ${finding.action}`);
  }
  lines.push('', `_${ROUNDING_RULE}_`);
  return lines.join('\n');
}

/** "**Cross-sell**: no pair …" → "No pair …": a headline restated as a plain finding. */
function sentenceOf(headline: string): string {
  const text = headline.replace(/^\*\*[^*]+\*\*:\s*/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
