/**
 * What two look-alike measures mean, said wherever both appear (issue 14 item 6): an RFM
 * segment named "At Risk" and the churn model's "high" or "lost" count different customers
 * by design, and a reader who sees 144 and 85 side by side deserves to know why.
 */

/** RFM's slipping segments: a ranking of past buying, relative to the other customers. */
export const RFM_AT_RISK_MEANING =
  'RFM "At Risk" and "Can\'t Lose Them" are segments of past buying: customers who bought often or much but not recently, scored against the other customers';

/** The churn list's classes: a per-customer estimate from the purchase model. */
export const CHURN_RISK_MEANING =
  'churn "high" and "lost" are the churn model\'s rating of each customer\'s chance of having stopped buying, judged against their own rhythm';

/** One sentence for where both appear. */
export const TWO_MEASURES_NOTE = `${RFM_AT_RISK_MEANING}; ${CHURN_RISK_MEANING}. They measure different things, so their counts differ.`;
