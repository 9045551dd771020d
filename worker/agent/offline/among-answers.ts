/**
 * Chat answers about customers picked by their rows: "Which customers in Texas are at
 * risk?", "Champions in the Corporate segment", "Which Technology customers are at risk?".
 * The churn list and the segments come from the analysis of every customer; the tools
 * narrow them to the customers with a row matching `where` (`customersWhere` reads the
 * stored rows). They got the whole file's lists before. Other answers can't be narrowed
 * this way, and the caller refuses them.
 */
import type { AnalysisResult } from '../../engine/contract';
import type { QuerySpecInput } from '../../engine/query';
import { churnCustomerLine, churnListHeader, formatMoney, plural, ratedWords, segmentMemberLine } from '../format';
import { getChurnRisk, getSegments } from '../tools';
import { NOT_AVAILABLE } from './answers';
import { intentOf } from './intents';
import { escapeRegex } from './query-limits';
import type { SectionRunner } from './sections';

type Where = NonNullable<QuerySpecInput['filters']>;

/**
 * The intent of the question without the supplier it names, which `where` holds already:
 * "Which customers of Supplier 13 are at risk?" read as Supplier 13's profile, and was refused.
 */
function intentAmong(question: string, result: AnalysisResult) {
  const intent = intentOf(question, result);
  return intent.kind === 'supplier' ? intentOf(question.replace(new RegExp(escapeRegex(intent.name), 'i'), ' '), result) : intent;
}

/** The answer for the customers whose rows match `where`, or null when the question asks for neither list. */
export async function answerAmong(question: string, where: Where, result: AnalysisResult, runner: SectionRunner): Promise<string | null> {
  const intent = intentAmong(question, result);
  const money = (v: number) => formatMoney(v, runner.currency);
  if (intent.kind === 'churn') {
    const rated = ratedWords(intent.risk);
    const churn = await runner.call(
      getChurnRisk,
      {
        ...(intent.risk ? { risk: intent.risk } : {}),
        ...(intent.amongTop ? { amongTop: intent.amongTop } : {}),
        where,
        limit: intent.limit ?? 10,
      },
      'Checking churn risk of the customers with those rows.',
    );
    if (!churn) return NOT_AVAILABLE;
    const who = `with rows where ${churn.where}${intent.amongTop ? `, among the top ${intent.amongTop} by revenue,` : ''}`;
    if (churn.matched === 0) return `No customer ${who} is ${rated}.`;
    return [
      churnListHeader(`Customers ${who} ${rated}`, plural(churn.matched, 'customer'), churn.customers),
      ...churn.customers.map((c, i) => `${i + 1}. ${churnCustomerLine(c, money)}`),
      ...(churn.more > 0 ? ['', `…and ${churn.more} more.`] : []),
    ].join('\n');
  }
  if (intent.kind === 'segment') {
    const segments = await runner.call(
      getSegments,
      { segment: intent.segment, where, limit: 10 },
      `Listing the ${intent.segment} segment's customers with those rows.`,
    );
    const s = segments?.selected;
    if (!segments || !s) return NOT_AVAILABLE;
    const who = `with rows where ${segments.where}`;
    if (s.customers === 0) return `No customer ${who} is in the ${intent.segment} segment.`;
    return [
      // Their revenue is over the whole file: the segment is a customer's, not a row's.
      `${intent.segment} ${who}: ${plural(s.customers, 'customer')}, ${money(s.revenue)} of revenue over the whole file:`,
      ...s.members.map((c) => segmentMemberLine(c, money)),
      ...(s.more > 0 ? ['', `…and ${s.more} more.`] : []),
    ].join('\n');
  }
  return null;
}
