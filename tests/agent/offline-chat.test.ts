/**
 * The offline analyst's chat: common phrasings and synonyms map to the same tools the
 * model uses, and the answers quote the fixture's figures exactly.
 */
import { describe, expect, it } from 'vitest';
import { createAnalyst } from '../../worker/agent';
import { wholesaleResult, wholesaleResultWithoutSuppliers } from './fixtures/wholesale-result';
import { askOffline, blocksOf, lastText, memoryArtifacts, memoryTranscript } from './helpers';

async function ask(question: string, result = wholesaleResult()) {
  return askOffline(question, result);
}

const TOP_5 = [
  'Top 5 customers by revenue:',
  '1. Alpine Foods GmbH: €48,000.00 (24 orders, Champions)',
  '2. Baltic Traders: €14,500.00 (12 orders, Loyal)',
  '3. Corner Deli: €9,800.00 (10 orders, Loyal)',
  '4. Delta Catering: €7,200.00 (6 orders, At Risk)',
  '5. Eastside Bistro: €5,400.00 (5 orders, Need Attention)',
].join('\n');

const ALPINE = [
  '**Alpine Foods GmbH** (C001): €48,000.00 revenue from 24 orders (51.6% of all revenue); first order 2024-01-04, last order 2024-12-20.',
  'Segment: Champions, ABC class A.',
  'Churn risk: low risk, 11 days since the last order (on average 15 days between orders), €960.00 at risk; the purchase model rates them 98.0% likely still active.',
].join('\n');

const DELTA = [
  '**Delta Catering** (C004): €7,200.00 revenue from 6 orders (7.7% of all revenue); first order 2024-01-10, last order 2024-06-14.',
  'Segment: At Risk, ABC class A.',
  'Churn risk: high risk, 200 days since the last order (on average 30 days between orders), €5,616.00 at risk; the purchase model rates them 22.0% likely still active.',
].join('\n');

const AT_RISK = [
  '**3 customers** are flagged: 1 lost, 1 at high risk, 1 at medium risk.',
  '€15,090.00 of revenue is at risk. Customers at risk, by revenue at risk:',
  '1. Delta Catering: high risk, 200 days since the last order (on average 30 days between orders), €5,616.00 at risk',
  '2. Fjord Hotels: lost, 304 days since the last order (on average 45 days between orders), €3,895.00 at risk',
  '3. Eastside Bistro: medium risk, 92 days since the last order (on average 45 days between orders), €2,430.00 at risk',
].join('\n');

const CONCENTRATION =
  'Revenue concentration is high. Alpine Foods GmbH brings 51.6% of revenue (€48,000.00). The top 10 customers make 100.0% of revenue, and 4 of 8 customers make 80%. HHI 3,141, Gini 0.54.';

const LOWEST_MARGIN = [
  'Bottom 5 products by margin %:',
  '- 1\\. Truffle Paste: -15.0% margin (-€1,200.00 on €8,000.00)',
  '- 2\\. Paper Napkins: 20.0% margin (€1,000.00 on €5,000.00)',
  // Three products at 30.0% share the third place: bullets keep the places (markdown renumbers an ordered list).
  '- 3\\. Olive Oil 5L: 30.0% margin (€9,000.00 on €30,000.00)',
  '- 3\\. Parmesan Wheel: 30.0% margin (€6,600.00 on €22,000.00)',
  '- 3\\. Tomato Passata: 30.0% margin (€3,600.00 on €12,000.00)',
  // A blank line ends the list (markdown would run the next line into item 5).
  '',
  'Sold below cost: Truffle Paste.',
].join('\n');

const OVERVIEW =
  'wholesale-2024.csv covers 2024-01-04 to 2024-12-20: €93,000.00 revenue from 8 customers, 66 orders and 6 products (3 suppliers). Gross margin €24,600.00 (26.5%). Average order €1,409.09.';

const CASES: [question: string, tool: string, answer: string][] = [
  ['Who are my top 5 customers?', 'rank_customers', TOP_5],
  ['Who are our biggest accounts?', 'rank_customers', TOP_5],
  ['Which clients are the most valuable?', 'rank_customers', TOP_5],
  [
    'top 3 clients',
    'rank_customers',
    [
      'Top 3 customers by revenue:',
      '1. Alpine Foods GmbH: €48,000.00 (24 orders, Champions)',
      '2. Baltic Traders: €14,500.00 (12 orders, Loyal)',
      '3. Corner Deli: €9,800.00 (10 orders, Loyal)',
    ].join('\n'),
  ],
  [
    'show me the two smallest customers',
    'rank_customers',
    [
      'Bottom 2 customers by revenue:',
      '1. Harbour Café: €1,400.00 (2 orders, Promising)',
      '2. Green Grocer Ltd: €2,600.00 (4 orders, New)',
    ].join('\n'),
  ],
  [
    'which 3 customers order most often?',
    'rank_customers',
    [
      'Top 3 customers by orders:',
      '1. Alpine Foods GmbH: 24 orders (€48,000.00)',
      '2. Baltic Traders: 12 orders (€14,500.00)',
      '3. Corner Deli: 10 orders (€9,800.00)',
    ].join('\n'),
  ],
  ['Tell me about Alpine Foods', 'find_customer', ALPINE],
  ['alpine foods gmbh?', 'find_customer', ALPINE],
  ['how is C004 doing?', 'find_customer', DELTA],
  ['Is Delta Catering at risk?', 'find_customer', DELTA],
  [
    'Who are the Champions?',
    'get_segments',
    'Champions: 1 customer, €48,000.00 (12.5% of 8 customers; 51.6% of revenue):\n- Alpine Foods GmbH: €48,000.00, 24 orders, last order 2024-12-20',
  ],
  [
    'list the loyal customers',
    'get_segments',
    'Loyal: 2 customers, €24,300.00 (25.0% of 8 customers; 26.1% of revenue):\n- Baltic Traders: €14,500.00, 12 orders, last order 2024-12-02\n- Corner Deli: €9,800.00, 10 orders, last order 2024-11-25',
  ],
  [
    'which customers are hibernating?',
    'get_segments',
    'Hibernating: 1 customer, €4,100.00 (12.5% of 8 customers; 4.4% of revenue):\n- Fjord Hotels: €4,100.00, 3 orders, last order 2024-03-02',
  ],
  [
    'show me the segments',
    'get_segments',
    [
      'Customer segments:',
      '- Champions: 1 customer, €48,000.00 (51.6%)',
      '- Loyal: 2 customers, €24,300.00 (26.1%)',
      '- At Risk: 1 customer, €7,200.00 (7.7%)',
      '- Need Attention: 1 customer, €5,400.00 (5.8%)',
      '- Hibernating: 1 customer, €4,100.00 (4.4%)',
      '- New: 1 customer, €2,600.00 (2.8%)',
      '- Promising: 1 customer, €1,400.00 (1.5%)',
    ].join('\n'),
  ],
  ['Which customers are likely to churn?', 'get_churn_risk', AT_RISK],
  ['Who is slipping away from us?', 'get_churn_risk', AT_RISK],
  ['Which customers should I call this week?', 'get_churn_risk', AT_RISK],
  ['Who should we reach out to first?', 'get_churn_risk', AT_RISK],
  [
    'who have we lost?',
    'get_churn_risk',
    '**1 customer** is lost.\n€15,090.00 of revenue is at risk. Customers at risk, by revenue at risk:\n1. Fjord Hotels: lost, 304 days since the last order (on average 45 days between orders), €3,895.00 at risk',
  ],
  [
    'high risk customers',
    'get_churn_risk',
    '**1 customer** is at high risk.\n€15,090.00 of revenue is at risk. Customers at risk, by revenue at risk:\n1. Delta Catering: high risk, 200 days since the last order (on average 30 days between orders), €5,616.00 at risk',
  ],
  ['How concentrated is our revenue?', 'get_concentration', CONCENTRATION],
  ['how dependent are we on our biggest customer?', 'get_concentration', CONCENTRATION],
  [
    'What are the best-selling products?',
    'rank_products',
    [
      'Top 5 products by revenue:',
      '1. Olive Oil 5L: €30,000.00 (margin 30.0%, 6 customers)',
      '2. Parmesan Wheel: €22,000.00 (margin 30.0%, 5 customers)',
      '3. Espresso Beans 1kg: €16,000.00 (margin 35.0%, 7 customers)',
      '4. Tomato Passata: €12,000.00 (margin 30.0%, 6 customers)',
      '5. Truffle Paste: €8,000.00 (margin -15.0%, 4 customers)',
      '',
      'Sold below cost: Truffle Paste.',
    ].join('\n'),
  ],
  ['Which products have the lowest margin?', 'rank_products', LOWEST_MARGIN],
  ['which items are we selling at a loss?', 'rank_products', LOWEST_MARGIN],
  [
    'most profitable 2 products',
    'rank_products',
    [
      'Top 2 products by margin:',
      '1. Olive Oil 5L: €9,000.00 margin (on €30,000.00 revenue)',
      '2. Parmesan Wheel: €6,600.00 margin (on €22,000.00 revenue)',
    ].join('\n'),
  ],
  // Olive Oil 5L and Tomato Passata both have 6 customers: both share the second place.
  [
    'our 2 most widely bought products',
    'rank_products',
    [
      'Top 3 products by customers:',
      '- 1\\. Espresso Beans 1kg: 7 customers (€16,000.00)',
      '- 2\\. Olive Oil 5L: 6 customers (€30,000.00)',
      '- 2\\. Tomato Passata: 6 customers (€12,000.00)',
      '',
      '2 products tie for place 2, so all of them are shown.',
    ].join('\n'),
  ],
  [
    'top products in Pantry',
    'rank_products',
    [
      'Top 3 products in Pantry by revenue:',
      '1. Olive Oil 5L: €30,000.00 (margin 30.0%, 6 customers)',
      '2. Tomato Passata: €12,000.00 (margin 30.0%, 6 customers)',
      '3. Truffle Paste: €8,000.00 (margin -15.0%, 4 customers)',
      '',
      'Sold below cost: Truffle Paste.',
    ].join('\n'),
  ],
  [
    'Tell me about olive oil',
    'find_product',
    '**Olive Oil 5L** (P01, Pantry, from Mediterra Supply): €30,000.00 revenue (32.3% of all), margin €9,000.00 (30.0%); 1,500 units to 6 customers; trend 12.0%.\nBought together: Olive Oil 5L → Parmesan Wheel (confidence 80.0%, lift 1.6).',
  ],
  [
    'supplier dependency',
    'get_suppliers',
    [
      'Supplier dependency is high: the top supplier has 68.8% of revenue.',
      '- Mediterra Supply: €64,000.00 (68.8%), 3 products, 7 customers exposed',
      '- Nordic Roasters: €16,000.00 (17.2%), 1 product, 7 customers exposed',
      '- Gourmet Imports: €13,000.00 (14.0%), 2 products, 6 customers exposed',
    ].join('\n'),
  ],
  [
    'How dependent are we on Mediterra Supply?',
    'get_suppliers',
    [
      'Mediterra Supply supplies 68.8% of revenue (€64,000.00): 3 products, 7 customers exposed. Overall supplier dependency is high.',
      'Its products by revenue:',
      '1. Olive Oil 5L: €30,000.00',
      '2. Parmesan Wheel: €22,000.00',
      '3. Tomato Passata: €12,000.00',
    ].join('\n'),
  ],
  ['What goes with olive oil?', 'get_cross_sell', 'Products bought together:\n- Olive Oil 5L → Parmesan Wheel: confidence 80.0%, lift 1.6'],
  // A product none of the kept rules pairs was told "no products are bought together often enough":
  // Online Retail's most ordered product, whose rules are weaker than the 100 kept.
  [
    'What goes with tomato passata?',
    'get_cross_sell',
    "I can't answer that exactly. None of the 2 rules kept (the strongest by lift) involves “Tomato Passata”. Weaker rules are not kept, so which products are bought with it is not known here.",
  ],
  [
    'What should I sell to Fjord Hotels?',
    'get_cross_sell',
    'Cross-sell suggestions:\n- Offer Parmesan Wheel to Fjord Hotels: Buys Olive Oil 5L; 80% of orders with Olive Oil 5L also include Parmesan Wheel',
  ],
  [
    'Any upsell ideas for Alpine Foods GmbH?',
    'get_cross_sell',
    "There is no cross-sell suggestion for that customer: none of the 2 rules found applies to them (a suggestion needs a rule's first product bought in at least 2 orders and its second never bought).",
  ],
  ['What was revenue in March 2024?', 'get_trend', 'Revenue in March 2024: €8,900.00 from 7 orders.'],
  [
    'total sales in Q2 2024',
    'get_trend',
    'Revenue in Q2 2024 (2024-04 to 2024-06): €23,300.00 from 17 orders. Best month: 2024-06 (€8,100.00).',
  ],
  [
    'revenue from January to March 2024',
    'get_trend',
    'Revenue in January to March 2024 (2024-01 to 2024-03): €24,700.00 from 18 orders. Best month: 2024-03 (€8,900.00).',
  ],
  [
    'sales in the last 3 months',
    'get_trend',
    'Revenue in the last 3 months (2024-10 to 2024-12): €23,400.00 from 15 orders. Best full month: 2024-10 (€8,300.00).',
  ],
  [
    'how much did we sell in 2024?',
    'get_trend',
    'Revenue in 2024 (2024-01 to 2024-12): €93,000.00 from 66 orders. Best full month: 2024-03 (€8,900.00).',
  ],
  ['What was turnover in 2023?', 'get_trend', 'No data between 2023-01 and 2023-12; the data covers 2024-01 to 2024-12.'],
  ['give me an overview', 'get_overview', OVERVIEW],
  ['how many customers do we have?', 'get_overview', OVERVIEW],
  ['plot revenue by supplier', 'make_chart', 'Here is the chart: Share of revenue by supplier.'],
];

describe('offline chat intents', () => {
  it.each(CASES)('answers %j with %s', async (question, tool, answer) => {
    const result = await ask(question);
    expect(result.trace[0]).toBe(`use:${tool}`);
    expect(result.answer).toBe(answer);
  });

  it('reads the monthly trend for "how are sales trending?"', async () => {
    const { answer, trace: steps } = await ask('how are sales trending?');
    expect(steps).toEqual(['use:get_trend', 'result:get_trend', 'text']);
    expect(answer.split('\n').slice(0, 2)).toEqual([
      'Monthly revenue from 2024-01 to 2024-12 (total €93,000.00): best full month 2024-03 at €8,900.00, weakest 2024-08 at €6,900.00. From the first to the last full month revenue changed -7.3%. 2024-12 is a partial month, so it is not compared.',
      '- 2024-01: €8,200.00 (6 orders)',
    ]);
  });

  it('records a period outside the data as a normal result that says what the data covers, not a crash', async () => {
    const { trace: steps } = await ask('What was turnover in 2023?');
    expect(steps).toEqual(['use:get_trend', 'result:get_trend', 'text']);
  });

  it.each([
    ['What is the weather in Paris?', "I can't answer that from this file's figures. I can answer questions like these:"],
    ['Write me a poem', "I can't answer that from this file's figures. I can answer questions like these:"],
    ['asdf', "I can't answer that from this file's figures. I can answer questions like these:"],
    ['help', 'I can answer questions about the computed results of this file. Try, for example:'],
  ])('says plainly when it cannot answer, then what it can, with examples, for %j', async (question, opener) => {
    const { answer, trace: steps } = await ask(question);
    expect(steps).toEqual(['text']);
    expect(answer).toBe(
      [
        opener,
        '- "Who are my top 5 customers?" or "Who are my smallest customers?"',
        '- "Tell me about Alpine Foods GmbH"',
        '- "Who are the Champions?" (or any segment)',
        '- "Which customers are at risk of churning?"',
        '- "How concentrated is our revenue?"',
        '- "What are the best-selling products?" or "Which products have the lowest margin?"',
        '- "How dependent are we on Mediterra Supply?"',
        '- "What goes with Olive Oil 5L?" or "What should I sell to Alpine Foods GmbH?"',
        '- "Show the monthly revenue trend"',
        // The file's quarters: it runs from 2024-01 to 2024-12, so no quarter has one a year before it.
        '- "What is our net revenue retention?" or "How did customers won in Q1 2024 do after 6 months?"',
        '- "What changed revenue?"',
        '- "What was revenue in 2024-12?"',
      ].join('\n'),
    );
  });

  it('never quotes "100.0% likely still active" beside "lost": a silence far past the rhythm rates a customer lost whatever P(alive) says', async () => {
    const result = wholesaleResult();
    const churn = result.churn;
    if (!churn) throw new Error('the fixture has a churn analysis');
    // Fjord Hotels as the generated file's lost customers are: P(alive) 1 from a fit that sees no
    // one leave, nothing bought in the last 12 months, so nothing at risk.
    const fjord = churn.customers.find((c) => c.id === 'C006');
    Object.assign(fjord ?? {}, { pAlive: 1, revenue12m: 0, revenueAtRisk: 0 });
    const { answer } = await askOffline('Tell me about Fjord Hotels', result);
    expect(answer).toContain(
      'Churn risk: lost, 304 days since the last order (on average 45 days between orders), nothing bought in the last 12 months (€4,100.00 before).',
    );
    expect(answer).not.toContain('likely still active');
  });

  it('answers a supplier question on a file without a supplier column plainly, with no tool error', async () => {
    const result = wholesaleResultWithoutSuppliers();
    const transcript = memoryTranscript();
    await createAnalyst({ kind: 'offline' }).answer({
      result,
      question: 'How dependent am I on my top supplier?',
      history: [],
      transcript,
      artifacts: memoryArtifacts(),
    });
    const results = blocksOf(transcript.messages).flatMap(({ block }) => (block.type === 'tool_result' ? [block] : []));
    expect(results.map((r) => [r.content, r.is_error])).toEqual([
      ['The file has no supplier (vendor) column, so supplier dependency cannot be analysed.', false],
    ]);
    expect(lastText(transcript.messages)).toBe('The file has no supplier (vendor) column, so supplier dependency cannot be analysed.');
  });
});

describe('a narrowed churn list says what it is ordered by', () => {
  const regions = { C001: 'South', C002: 'South', C003: 'South', C004: 'North', C005: 'North', C006: 'North' };

  it('"Which customers in North are at risk?" is by revenue at risk when some of it is', async () => {
    const { answer } = await askOffline('Which customers in North are at risk?', wholesaleResult(), undefined, regions);
    expect(answer.split('\n')).toEqual([
      'Customers in North at lost, high or medium risk, by revenue at risk (3 customers):',
      AT_RISK.split('\n')[2],
      AT_RISK.split('\n')[3],
      AT_RISK.split('\n')[4],
    ]);
  });

  // It read "by revenue at risk" above medium-risk customers with none at risk.
  it('with none of it at risk, the header says the list is by what each bought', async () => {
    const result = wholesaleResult();
    const churn = result.churn;
    if (!churn) throw new Error('the fixture has a churn list');
    const mediumOnly = {
      ...result,
      churn: { ...churn, customers: churn.customers.map((c) => (c.risk === 'medium' ? { ...c, revenueAtRisk: 0 } : c)) },
    };
    const { answer } = await askOffline('Which customers in North are at medium risk?', mediumOnly, undefined, regions);
    expect(answer.split('\n')[0]).toBe(
      'Customers in North at medium risk (1 customer); none of their revenue counts as at risk, so by what each bought in the last 12 months, then before:',
    );
  });
});
