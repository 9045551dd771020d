/**
 * Each focus card runs its own analysis end to end: the web app sends the card's title as
 * the message with `analysisType`; the run must follow that card's plan, tools, summary
 * emphasis and prompt file, and never treat the title as a free question (issue 14, item 1).
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import salesCsv from '../fixtures/e2e/sales.csv?raw';
import { readAnalysis, runJob, uploadOk } from './helpers';

interface Block {
  type: string;
  name?: string;
  text?: string;
}

/** The blocks of every stored stream event, in order. */
function blocks(messages: { content: unknown }[]): Block[] {
  return messages.flatMap((m) => {
    const content = m.content as { message_data?: { content?: Block[] } } | string;
    return typeof content === 'string' ? [] : (content.message_data?.content ?? []);
  });
}

const CASES: [id: string, title: string, promptFile: string, tools: string[]][] = [
  [
    'customer_segmentation',
    'Customer Segmentation',
    'customer_segmentation.md',
    ['get_overview', 'get_segments', 'rank_customers', 'get_concentration', 'get_churn_risk', 'get_retention', 'get_cross_sell'],
  ],
  [
    'revenue_growth',
    'Revenue Growth',
    'revenue_growth.md',
    [
      'get_overview',
      'get_trend',
      'get_revenue_bridge',
      'get_products',
      'rank_products',
      'get_segments',
      'rank_customers',
      'get_retention',
      'get_cross_sell',
    ],
  ],
  [
    'operational_efficiency',
    'Operational Efficiency',
    'operational_efficiency.md',
    ['get_overview', 'get_products', 'rank_products', 'get_suppliers', 'get_trend'],
  ],
  [
    'market_analysis',
    'Market Analysis',
    'market_analysis.md',
    ['get_overview', 'get_trend', 'get_products', 'rank_products', 'get_cross_sell', 'get_segments', 'rank_customers'],
  ],
  [
    'risk_assessment',
    'Risk Assessment',
    'risk_assessment.md',
    ['get_overview', 'get_concentration', 'get_churn_risk', 'get_retention', 'get_suppliers', 'get_products', 'rank_products'],
  ],
  [
    'comprehensive',
    'Comprehensive Analysis',
    'generic_business_analysis.md',
    [
      'get_overview',
      'get_segments',
      'rank_customers',
      'get_concentration',
      'get_churn_risk',
      'get_products',
      'rank_products',
      'get_suppliers',
      'get_cross_sell',
      'get_trend',
      'get_retention',
      'get_revenue_bridge',
    ],
  ],
];

describe('focus cards', () => {
  it.each(CASES)('the "%s" card (message "%s") runs its own focused analysis', async (id, title, promptFile, tools) => {
    const file = new File([salesCsv], 'sales.csv', { type: 'text/csv' });
    const { analysis_id, access_token } = await uploadOk({ file, message: title, analysisType: id });
    await runJob(analysis_id);
    const payload = await readAnalysis(analysis_id, access_token);
    expect(payload.analysis.status).toBe('completed');

    const row = await env.DB.prepare('select analysis_type, prompt_file from analyses where id = ?')
      .bind(analysis_id)
      .first<{ analysis_type: string; prompt_file: string }>();
    expect(row).toEqual({ analysis_type: id, prompt_file: promptFile });

    const all = blocks(payload.messages);
    const called = [
      ...new Set(all.flatMap((b) => (b.type === 'tool_use' && b.name !== 'TodoWrite' && b.name !== 'make_chart' ? [b.name] : []))),
    ];
    expect(called).toEqual(tools);
    const texts = all.flatMap((b) => (b.type === 'text' && b.text ? [b.text] : []));
    const report = texts[texts.length - 1];
    expect(report.split('\n')[0]).toBe(`## Executive summary — ${title}`);
    expect(report).not.toContain('Your question');
  });

  it('stores the focus named by a card title even when analysisType is missing', async () => {
    const file = new File([salesCsv], 'sales.csv', { type: 'text/csv' });
    const { analysis_id } = await uploadOk({ file, message: 'Risk Assessment' });
    const row = await env.DB.prepare('select analysis_type, prompt_file from analyses where id = ?')
      .bind(analysis_id)
      .first<{ analysis_type: string; prompt_file: string }>();
    expect(row).toEqual({ analysis_type: 'risk_assessment', prompt_file: 'risk_assessment.md' });
  });

  it('still answers a free question after a comprehensive run', async () => {
    const file = new File([salesCsv], 'sales.csv', { type: 'text/csv' });
    const { analysis_id, access_token } = await uploadOk({ file, message: 'Who are my best customers?', analysisType: 'comprehensive' });
    await runJob(analysis_id);
    const texts = blocks((await readAnalysis(analysis_id, access_token)).messages).flatMap((b) =>
      b.type === 'text' && b.text ? [b.text] : [],
    );
    expect(texts[texts.length - 1]).toContain('## Your question\n> Who are my best customers?');
  });
});
