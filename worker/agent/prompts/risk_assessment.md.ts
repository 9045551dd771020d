/** Focus prompt: Risk Assessment. See `./index.ts` for how prompt files are named. */
export default `# Focus: Risk Assessment
Measure revenue concentration and churn risk.

1. Read the overview (get_overview).
2. Read revenue concentration (get_concentration): the top customer's share, how many customers make 80%, the level.
3. Read churn risk (get_churn_risk): revenue at risk and the customers behind it.
4. Read supplier dependency (get_suppliers) and products sold below cost (get_products).
5. Draw the top customers (make_chart series top_customers).

Write an executive summary that ranks the risks by the revenue they put at stake, then one mitigating action per risk.
`;
