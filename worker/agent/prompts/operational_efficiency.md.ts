/** Focus prompt: Operational Efficiency. See `./index.ts` for how prompt files are named. */
export default `# Focus: Operational Efficiency
Spot supplier dependency and low-margin lines.

1. Read the overview (get_overview).
2. Read the products (get_products) and rank them by margin % from the lowest (rank_products metric marginPct direction asc). Name any product sold below cost.
3. Read supplier dependency (get_suppliers).
4. Check the monthly trend for seasonality (get_trend).
5. Draw margins by product (make_chart series product_margins).

Write an executive summary that leads with loss-making and thin-margin products and the supplier concentration, then concrete actions: reprice, renegotiate, second-source.
`;
