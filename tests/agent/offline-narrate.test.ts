/**
 * The offline analyst's narrative: a TodoWrite plan that advances step by step, tool
 * calls with their results, charts, and a summary whose emphasis follows the focus.
 */
import { describe, expect, it } from 'vitest';
import { createAnalyst, FOCUS_AREA_IDS, type FocusAreaId } from '../../worker/agent';
import type { TodoItem } from '../../worker/agent/messages';
import type { AnalysisResult, Churn, ChurnCustomer, ChurnRisk } from '../../worker/engine/contract';
import { wholesaleResult, wholesaleResultWithoutSuppliers } from './fixtures/wholesale-result';
import { blocksOf, lastText, memoryArtifacts, memoryTranscript, narrateOffline, trace } from './helpers';

function narrate(focus: FocusAreaId, question: string | null = null, completedSteps?: string[], result = wholesaleResult()) {
  return narrateOffline(result, focus, question, completedSteps);
}

function plans(messages: Awaited<ReturnType<typeof narrate>>['messages']): TodoItem[][] {
  return blocksOf(messages).flatMap(({ block }) =>
    block.type === 'tool_use' && block.name === 'TodoWrite' ? [(block.input as { todos: TodoItem[] }).todos] : [],
  );
}

function toolsCalled(messages: Awaited<ReturnType<typeof narrate>>['messages']): string[] {
  return trace(messages).flatMap((step) => (step.startsWith('use:') ? [step.slice(4)] : []));
}

describe('offline narrative', () => {
  it('opens with a plan and moves each item pending → in_progress → completed', async () => {
    const { messages } = await narrate('risk_assessment');
    const statuses = plans(messages).map((todos) => todos.map((t) => t.status[0]).join(''));
    // p = pending, i = in_progress, c = completed; one TodoWrite per change.
    expect(statuses).toEqual(['ipppppp', 'cippppp', 'ccipppp', 'cccippp', 'ccccipp', 'cccccip', 'cccccci', 'ccccccc']);
    expect(plans(messages)[0].map((t) => t.content)).toEqual([
      'Review the dataset and its totals',
      'Measure revenue concentration',
      'Find customers at risk of churning',
      'Follow customer cohorts and net revenue retention',
      'Assess supplier dependency',
      'Rank products by sales and margin',
      'Write the executive summary and actions',
    ]);
  });

  it('shows the steps the caller already completed first in the checklist', async () => {
    const { messages } = await narrate('operational_efficiency', null, ['Read and profile the uploaded file']);
    expect(plans(messages)[0].slice(0, 2)).toEqual([
      { id: '1', content: 'Read and profile the uploaded file', status: 'completed' },
      { id: '2', content: 'Review the dataset and its totals', status: 'in_progress' },
    ]);
  });

  it('pairs every tool_use with one tool_result that follows it', async () => {
    const { messages } = await narrate('comprehensive');
    const blocks = blocksOf(messages).map(({ block }) => block);
    const uses = blocks.flatMap((b) => (b.type === 'tool_use' && b.name !== 'TodoWrite' ? [b.id] : []));
    const results = blocks.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []));
    expect(results).toEqual(uses);
    expect(new Set(uses).size).toBe(uses.length);
  });

  it.each<[FocusAreaId, string[]]>([
    [
      'customer_segmentation',
      [
        'get_overview',
        'get_segments',
        'rank_customers',
        'make_chart',
        'make_chart',
        'get_concentration',
        'get_churn_risk',
        'get_retention',
        'get_cross_sell',
      ],
    ],
    [
      'revenue_growth',
      [
        'get_overview',
        'get_trend',
        'make_chart',
        'get_revenue_bridge',
        'get_products',
        'rank_products',
        'make_chart',
        'get_segments',
        'rank_customers',
        'get_retention',
        'get_cross_sell',
      ],
    ],
    ['operational_efficiency', ['get_overview', 'get_products', 'rank_products', 'make_chart', 'get_suppliers', 'make_chart', 'get_trend']],
    [
      'market_analysis',
      [
        'get_overview',
        'get_trend',
        'make_chart',
        'get_products',
        'rank_products',
        'make_chart',
        'get_cross_sell',
        'get_segments',
        'rank_customers',
      ],
    ],
    [
      'risk_assessment',
      [
        'get_overview',
        'get_concentration',
        'make_chart',
        'get_churn_risk',
        'get_retention',
        'get_suppliers',
        'make_chart',
        'get_products',
        'rank_products',
      ],
    ],
    [
      'comprehensive',
      [
        'get_overview',
        'get_segments',
        'rank_customers',
        'make_chart',
        'get_concentration',
        'get_churn_risk',
        'get_products',
        'rank_products',
        'get_suppliers',
        'get_cross_sell',
        'get_trend',
        'make_chart',
        'get_retention',
        'get_revenue_bridge',
      ],
    ],
  ])('runs the %s tools in order of emphasis', async (focus, tools) => {
    const { messages } = await narrate(focus);
    expect(toolsCalled(messages)).toEqual(tools);
  });

  it('says no revenue is at risk, with no call to make, when every flagged customer left over a year ago', async () => {
    // Superstore's shape: the lost customers bought nothing in the last 12 months.
    const base = wholesaleResult();
    const churn = base.churn as Churn;
    const gone = (id: string, name: string, days: number, risk: ChurnRisk): ChurnCustomer => ({
      id,
      name,
      pAlive: 1,
      expectedPurchases90d: null,
      daysSinceLastOrder: days,
      typicalGapDays: 120,
      revenue12m: 0,
      revenueAtRisk: 0,
      risk,
    });
    const result: AnalysisResult = {
      ...base,
      churn: {
        ...churn,
        revenueAtRisk: 0,
        customers: [gone('C006', 'Fjord Hotels', 420, 'lost'), gone('C004', 'Delta Catering', 380, 'lost'), ...churn.customers.slice(3)],
      },
    };
    const { report } = await narrate('risk_assessment', null, undefined, result);
    expect(report).toContain(
      '- **No revenue of the last 12 months is at risk**: the 2 customers rated high or lost bought nothing in the last 12 months (Fjord Hotels, 420 days silent and Delta Catering, 380 days silent).',
    );
    expect(report).not.toContain('of revenue is at risk**');
    expect(report).not.toMatch(/Contact Fjord Hotels/);
  });

  it('leads the risk summary with concentration and churn, with concrete numbers and actions', async () => {
    const { report } = await narrate('risk_assessment');
    const summary = report.slice(0, report.indexOf('## Findings')).trimEnd().split('\n');
    expect(summary).toEqual([
      '## Executive summary — Risk Assessment',
      'This analysis focuses on the risks to revenue: concentration, churn, supplier dependency and loss-making products.',
      '',
      'wholesale-2024.csv: €93,000.00 revenue from 8 customers and 66 orders, 2024-01-04 to 2024-12-20; gross margin 26.5%.',
      '',
      '- **Revenue concentration is high**: Alpine Foods GmbH alone brings 51.6% of revenue (€48,000.00); 4 of 8 customers make 80% of it.',
      '- **€15,090.00 of revenue is at risk**: Delta Catering (high, €5,616.00), Fjord Hotels (lost, €3,895.00) and Eastside Bistro (medium, €2,430.00) top the list.',
      '- **Supplier dependency is high**: Mediterra Supply supplies 68.8% of revenue (3 products, 7 customers exposed).',
      '- **Products**: Olive Oil 5L leads with €30,000.00; Truffle Paste is sold below cost: margin −1,200 (−15%).',
      '',
      '### Top actions',
      '1. Reduce dependence on Alpine Foods GmbH: secure a longer agreement with them and grow the next tier of accounts.',
      '2. Contact Delta Catering and Fjord Hotels this week with a win-back offer, and watch reorder gaps for the rest.',
      "3. Qualify a second source for Mediterra Supply's lines and agree supply terms before they are needed.",
      '4. Reprice or renegotiate Truffle Paste, which loses money overall; keep Olive Oil 5L in stock and visible.',
    ]);
  });

  it('answers each question in the findings with its own action', async () => {
    const { report } = await narrate('comprehensive');
    const questions = report.split('\n').filter((line) => line.startsWith('### ') && line !== '### Top actions');
    expect(questions).toEqual([
      '### What does the file cover?',
      '### Who are the most valuable customers?',
      '### How concentrated is revenue?',
      '### Which customers are at risk of churning?',
      '### Which products drive sales and margin?',
      '### How dependent are we on suppliers?',
      '### Where are the cross-sell opportunities?',
      '### How is revenue trending?',
      '### Do customers stay and grow?',
      '### What changed revenue?',
    ]);
    expect(report).toContain('- Truffle Paste: €8,000.00, margin -15.0%, 4 customers, class B');
    expect(report).toContain('**Action:** Bundle Olive Oil 5L with Parmesan Wheel and offer Parmesan Wheel to Fjord Hotels.');
  });

  it("shows the engine's own chart (same file name) for a chart the engine already drew, so the artifacts list has one of each", async () => {
    const { messages, artifacts } = await narrate('comprehensive');
    expect(artifacts.map((a) => [a.name, a.type, a.contentType])).toEqual([
      ['top-customers.svg', 'chart', 'image/svg+xml'],
      ['monthly-trend.svg', 'chart', 'image/svg+xml'],
    ]);
    const images = blocksOf(messages).flatMap(({ block }) => (block.type === 'image' ? [block] : []));
    expect(images).toEqual([
      { type: 'image', artifact_id: 'artifact-1', file_name: 'top-customers.svg', alt: 'Top 10 customers by revenue' },
      { type: 'image', artifact_id: 'artifact-2', file_name: 'monthly-trend.svg', alt: 'Monthly revenue' },
    ]);
  });

  it('still draws its own chart for a series the engine has no chart for', async () => {
    const { artifacts } = await narrate('market_analysis');
    expect(artifacts.map((a) => a.name)).toEqual(['monthly-trend.svg', 'chart-category-revenue.svg']);
  });

  it('runs a free-text question as comprehensive plus an answer to it', async () => {
    const { report, messages } = await narrate('risk_assessment', 'Which products have the lowest margin?');
    expect(report.split('\n')[0]).toBe('## Executive summary — Comprehensive Analysis');
    expect(
      plans(messages)[0]
        .map((t) => t.content)
        .slice(-2),
    ).toEqual(['Answer your question', 'Write the executive summary and actions']);
    const answer = report.slice(report.indexOf('## Your question'), report.indexOf('## Findings')).trim();
    expect(answer.split('\n').slice(0, 4)).toEqual([
      '## Your question',
      '> Which products have the lowest margin?',
      '',
      'Bottom 5 products by margin %:',
    ]);
  });

  it('is deterministic: the same result gives the same transcript', async () => {
    const first = await narrate('comprehensive');
    const second = await narrate('comprehensive');
    expect(second.messages).toEqual(first.messages);
  });

  it('covers every focus area', () => {
    expect(FOCUS_AREA_IDS).toEqual([
      'customer_segmentation',
      'revenue_growth',
      'operational_efficiency',
      'market_analysis',
      'risk_assessment',
      'comprehensive',
    ]);
  });

  it('says what could not be analysed instead of inventing it', async () => {
    const result = wholesaleResultWithoutSuppliers('The file has no supplier column.');
    const transcript = memoryTranscript();
    await createAnalyst({ kind: 'offline' }).narrate({
      result,
      focus: 'operational_efficiency',
      question: null,
      transcript,
      artifacts: memoryArtifacts(),
    });
    expect(trace(transcript.messages)).toContain('result:get_suppliers');
    expect(trace(transcript.messages)).not.toContain('error:get_suppliers');
    const report = lastText(transcript.messages);
    expect(report).not.toContain('Supplier dependency is');
    expect(report).toContain('### How dependent are we on suppliers?\n- The file has no supplier column.');
  });
});
