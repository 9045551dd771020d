/**
 * "How did you calculate churn risk?", "What does medium risk mean?": the rules the churn
 * list was rated by, in words, from the `get_churn_risk` tool (it got the list itself, with
 * no word of how it was made).
 */
import { getChurnRisk } from '../tools';
import type { SectionRunner } from './sections';

/** Questions about how churn risk is worked out, or what a rating means. */
export const CHURN_METHOD =
  /\bhow (?:did|do|does|is|are|was|were) (?:you |we |it |the (?:model|app|analysis|list) )?(?:calculat|comput|work|measur|defin|determin|decid|rat|scor|estimat|assess|judg)\w*\b.*\b(?:churn|risk)|\bhow (?:is|are|was|were) (?:the )?(?:churn|risk|churn risk|risk ratings?)\b.*\b(?:calculated|computed|worked out|measured|defined|rated|scored|determined|decided)\b|\bwhat (?:does|do) (?:high|medium|low|lost)(?:[- ]risk)? mean\b|\bwhat (?:is|are) (?:the )?(?:churn|risk) (?:rules|method|methodology|model)\b/;

/** The rules in words: the method, each rating's rule, the score and the one-time buyers' rule. */
export async function answerChurnMethod(runner: SectionRunner): Promise<string | null> {
  const churn = await runner.call(getChurnRisk, { limit: 1 }, 'Looking up how the churn list was rated.');
  if (!churn) return null;
  const { rules } = churn;
  return [
    `Each customer is rated by the ${rules.method}, from their own orders up to the analysis date:`,
    ...rules.ratings.map((r) => `- **${r.risk}**: ${r.rule}.`),
    ...(rules.score ? ['', rules.score] : []),
    '',
    rules.oneTimeBuyers,
  ].join('\n');
}
