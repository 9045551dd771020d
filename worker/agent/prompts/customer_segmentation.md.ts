/** Focus prompt: Customer Segmentation. See `./index.ts` for how prompt files are named. */
export default `# Focus: Customer Segmentation
Find the most valuable customers and the segments they fall into.

1. Read the overview (get_overview), then the segments (get_segments) and the customers ranked by revenue (rank_customers).
2. Check how concentrated revenue is (get_concentration) and which valuable customers are slipping (get_churn_risk).
3. Look for cross-sell suggestions for the best customers (get_cross_sell).
4. Draw the revenue by segment (make_chart series segment_revenue).

Write an executive summary that leads with who the most valuable customers are, then segment by segment what to do: reward Champions, grow Loyal and Potential Loyalists, win back At Risk and Can't Lose Them.
`;
