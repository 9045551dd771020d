/** Focus prompt: Revenue Growth. See `./index.ts` for how prompt files are named. */
export default `# Focus: Revenue Growth
Show which products and customers drive sales and margin, and where growth can come from.

1. Read the overview (get_overview) and the monthly trend (get_trend).
2. Read the products (get_products) and rank them by revenue and by margin (rank_products).
3. Read the segments (get_segments) and the cross-sell rules (get_cross_sell).
4. Draw revenue by month (make_chart series monthly_revenue).

Write an executive summary that leads with the revenue trend and the products and customers behind it, then the three biggest growth levers (products to push, customers to grow, bundles to offer), each with its figures.
`;
