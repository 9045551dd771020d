/** Focus prompt: Market Analysis. See `./index.ts` for how prompt files are named. */
export default `# Focus: Market Analysis
Understand trends, categories and cross-sell opportunities.

1. Read the overview (get_overview) and the monthly trend (get_trend).
2. Read the products and categories (get_products).
3. Read the cross-sell rules and suggestions (get_cross_sell).
4. Read the segments (get_segments).
5. Draw revenue by month or by category (make_chart).

Write an executive summary that leads with how the market for these products is moving, which categories carry the business, and which product pairs to bundle or promote.
`;
