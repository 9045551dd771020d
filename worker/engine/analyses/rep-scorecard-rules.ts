/** The scorecards' definitions, in sentences a user can read (`RepScorecards.rules`). */
import type { RepBook } from '../aggregate/rep-book';
import { monthLabel, type Aggregates } from '../aggregate/types';
import type { CrossSell } from '../contract';
import type { CustomerFacts } from './rep-scorecards';

export function rulesOf(book: RepBook, facts: CustomerFacts, agg: Aggregates, crossSell: CrossSell | null): string[] {
  const rules = [
    book.source === 'column'
      ? 'Revenue, gross profit and customers served count every line for the rep named on it; a customer served by several reps counts for each.'
      : "Each customer's revenue and gross profit count for the one rep assigned to the customer.",
    "A rep's book is the customers whose largest share of revenue came through that rep (a tie goes to the rep whose name sorts first); new and lost customers, revenue at risk and cross-sell opportunities count the book.",
    facts.newWindow
      ? `New customers: book customers whose first purchase falls in ${monthLabel(facts.newWindow[0])} to ${monthLabel(facts.newWindow[1])}, the 12 months the churn analysis's revenue at risk covers.`
      : 'New customers are not counted: the file does not reach back before the last 12 months, so earlier customers would look new.',
    facts.churn
      ? "Lost customers: book customers the churn model rates lost. Revenue at risk: the churn analysis's revenue at risk (the last 12 months' revenue of customers rated high or lost), summed over the book."
      : 'Lost customers and revenue at risk are not counted: the file has no churn analysis.',
    "Top customer share: the rep's largest customer's share of the rep's revenue from customers with positive revenue.",
    facts.crossSell
      ? `Cross-sell opportunities: of the ${crossSell?.opportunities.length ?? 0} opportunities the cross-sell analysis lists (its highest scored), those for customers in the book.`
      : 'Cross-sell opportunities are not counted: the file has no cross-sell analysis.',
  ];
  if (!agg.hasCost) rules.push('The file has no cost, unit cost or profit column, so gross profit and margin are not shown.');
  return rules;
}
