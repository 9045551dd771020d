/** Focus prompt: Comprehensive Analysis. See `./index.ts` for how prompt files are named. */
export default `# Focus: Comprehensive Analysis (generic business analysis)
Answer all six questions in one report.

1. Read the overview (get_overview).
2. Most valuable customers: get_segments and rank_customers.
3. Revenue concentration risk: get_concentration.
4. Churn risk: get_churn_risk.
5. Products that drive sales and margin: get_products and rank_products.
6. Supplier dependency: get_suppliers.
7. Cross-sell opportunities: get_cross_sell.
8. The monthly trend: get_trend; draw it (make_chart series monthly_revenue).

Write an executive summary of five to seven bullets, one per question with its key figure, then "Top actions" (at most five, most valuable first), then a short section per question with the figures and one action each.
`;
