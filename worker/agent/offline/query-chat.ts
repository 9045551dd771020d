/**
 * Hooks the question grammar into offline chat: a question the grammar maps runs through
 * the shared `query_data` tool (so the transcript shows the step with its spec), and the
 * answer states how it was understood before the figures. Questions it doesn't map go
 * on to the intent answers (answers.ts).
 */
import type { AnalysisResult } from '../../engine/contract';
import type { Snapshot } from '../../engine/snapshot/columns';
import { queryData } from '../tools/query-tool';
import { answerAmong } from './among-answers';
import { answerWithQuery, queryAnswerText, withGrammarNote } from './query-answer';
import { parseQuestion } from './query-grammar';
import { type AnalysisFacts } from './query-parsed';
import type { SectionRunner } from './sections';

/** The answer from the rows, or null when the grammar can't map the question. */
export async function answerFromRows(
  question: string,
  snapshot: Snapshot,
  result: AnalysisResult,
  runner: SectionRunner,
): Promise<string | null> {
  // No analysis date when the file has no dates: the grammar then refuses any period.
  const today = analysisDayOf(result);
  const currency = result.dataset.currency;
  const facts = factsOf(result);
  const parsed = parseQuestion(question, snapshot.meta, today, facts);
  // The refusal as the grammar gives it, read with the same facts: "Revenue of 99999Z" on
  // Online Retail is refused with them, and read again without them it was the whole file's revenue.
  const refusal = async () => (await answerWithQuery(question, snapshot, today, currency, facts)).text;
  // The churn list or a segment of the customers with some rows ("customers in Texas"); any
  // other answer of the analysis would be everyone's, so it is refused with `reason`.
  if (parsed.kind === 'among') return (await answerAmong(question, parsed.where, result, runner)) ?? (await refusal());
  // Refused (the future, a column the file lacks): say so rather than let a canned answer stand in.
  if (parsed.kind !== 'spec') return parsed.kind === 'refused' ? await refusal() : null;
  const data = await runner.call(queryData, parsed.spec, 'Querying every row of the file.');
  if (data) return queryAnswerText(withGrammarNote(data, parsed.note), parsed.spec, currency, parsed.counted, parsed.premise);
  // The tool step above holds the reason; the answer repeats it with questions that work.
  return refusal();
}

/** The analysis' facts the grammar may use: each customer's last purchase day, customers' and products' labels by id, the file's name and currency. */
function factsOf(result: AnalysisResult): AnalysisFacts {
  const customers = result.segments?.customers ?? [];
  const last = new Map(customers.map((c) => [c.name, c.lastOrder]));
  const byId = new Map(customers.map((c) => [c.id.toLowerCase(), c.name]));
  const products = result.products?.items ?? [];
  const productById = new Map(products.map((p) => [p.id, p.name]));
  // "p-002483" as typed in lower case, unless two codes differ only so (Online Retail's 85123A and 85123a).
  const byLowerId = new Map<string, string | null>();
  for (const p of products) byLowerId.set(p.id.toLowerCase(), byLowerId.has(p.id.toLowerCase()) ? null : p.name);
  return {
    lastPurchaseOf: (customer) => last.get(customer) ?? null,
    // "Store 2506" is the id "2506"; "store 0042" the same number.
    customerLabelOf: (id) => byId.get(id.toLowerCase()) ?? (/^\d+$/.test(id) ? (byId.get(String(Number(id))) ?? null) : null),
    productLabelOf: (code) => productById.get(code) ?? byLowerId.get(code.toLowerCase()) ?? null,
    fileName: result.dataset.fileName,
    currency: result.dataset.currency,
  };
}

/** The analysis date as a day, or null when the file has no dates. */
export function analysisDayOf(result: AnalysisResult): Date | null {
  return result.asOf ? new Date(`${result.asOf}T00:00:00Z`) : null;
}
