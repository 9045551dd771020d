/**
 * Sales reps in chat, the model's tool and the narrative: "how is Anna doing?" (fuzzy
 * names), "whose book has the most churn risk?", and the plain "this file has no
 * sales-rep column" with no figure. Hand-made results carry hand-computed scorecards
 * (see tests/engine/analyses/rep-scorecards.test.ts); the generated file's figures come
 * from a plain reference over its Papa-parsed rows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../scripts/generate-b2b-csv';
import { createAnalyst, invokeTool } from '../../worker/agent';
import { formatMoney } from '../../worker/agent/format';
import { repBookOfCustomers } from '../../worker/engine/aggregate/rep-book';
import { epochDay } from '../../worker/engine/aggregate/types';
import { repScorecardsOf } from '../../worker/engine/analyses/rep-scorecards';
import { analyse } from '../../worker/engine/analyze';
import type { AnalysisResult, Churn, ChurnRisk } from '../../worker/engine/contract';
import { ingest } from '../../worker/engine/ingest';
import { fileStream, ingestBytes } from '../engine/ingest/helpers';
import { wholesaleResult } from './fixtures/wholesale-result';
import { lastText, memoryArtifacts, memoryTranscript, narrateOffline, trace } from './helpers';
import { REP_CSV } from '../engine/fixtures/reps';
import { scratchDir } from '../engine/helpers/scratch';

const CSV = REP_CSV;

function churnOf(risks: [string, ChurnRisk, number][]): Churn {
  const customers = risks.map(([id, risk, revenueAtRisk]) => ({
    id,
    name: id === 'C1' ? 'Acme' : id,
    pAlive: null,
    expectedPurchases90d: null,
    daysSinceLastOrder: null,
    typicalGapDays: null,
    revenue12m: revenueAtRisk,
    revenueAtRisk,
    risk,
  }));
  return { model: 'heuristic', params: null, gammaGamma: null, note: null, revenueAtRisk: 220, customers };
}
const CHURN = churnOf([
  ['C1', 'high', 140],
  ['C2', 'lost', 50],
  ['C3', 'low', 0],
  ['C4', 'medium', 0],
  ['C5', 'high', 30],
]);

let handMade: AnalysisResult;
let twoAnnas: AnalysisResult;
let withoutReps: AnalysisResult;

beforeAll(async () => {
  const agg = await ingestBytes(CSV, { fileName: 'reps.csv' });
  const result = analyse(agg, { asOf: '2024-12-31', now: new Date(0) });
  const asOf = epochDay('2024-12-31');
  // The hand churn classes replace the model's so that every figure below is known by hand.
  handMade = { ...result, churn: CHURN, repScorecards: repScorecardsOf(agg, agg.repBook, CHURN, null, asOf) };
  const annas = repBookOfCustomers(agg.customers, { C1: 'Anna Berg', C2: 'Anna Keller', C3: 'Bob Stone' });
  twoAnnas = { ...result, repScorecards: repScorecardsOf(agg, annas, CHURN, null, asOf) };
  const plain = await ingestBytes(CSV.replace(',SalesRep', ',Note'), { fileName: 'plain.csv' });
  withoutReps = analyse(plain, { now: new Date(0) });
});

async function ask(question: string, result: AnalysisResult) {
  const transcript = memoryTranscript();
  await createAnalyst({ kind: 'offline' }).answer({ result, question, history: [], transcript, artifacts: memoryArtifacts() });
  return { answer: lastText(transcript.messages), trace: trace(transcript.messages) };
}

describe('chat about sales reps (hand-made file)', () => {
  it('"how is Anna doing?" finds Anna Berg by first name and reads her scorecard', async () => {
    const { answer, trace: steps } = await ask('How is Anna doing?', handMade);
    expect(steps).toEqual(['use:get_rep_scorecards', 'result:get_rep_scorecards', 'text']);
    expect(answer).toBe(
      [
        `I understood: **Anna Berg's scorecard over the whole file (2023-01-10 to 2024-08-01)** ("Anna" taken as Anna Berg).`,
        '',
        '- Rank 2 of 2 by revenue: 265.00 (42.4% of all revenue), gross profit 115.00 (margin 43.4%).',
        '- 3 customers served; 3 in the book, 2 new since 2024-01, 0 lost.',
        '- Revenue at churn risk in the book: 140.00; call first: Acme (high, 140.00).',
        "- Largest customer: Acme, 41.7% of the rep's revenue (100.00).",
      ].join('\n'),
    );
  });

  it('matches a typo ("Bob Stnoe") and the possessive ("Bob\'s book")', async () => {
    expect((await ask('how is Bob Stnoe performing', handMade)).answer).toMatch(/^I understood: \*\*Bob Stone's scorecard/);
    expect((await ask("What's in Bob's book?", handMade)).answer).toMatch(/Rank 1 of 2 by revenue: 330.00 \(52.8% of all revenue\)/);
  });

  it('"whose book has the most churn risk?" ranks the books by revenue at risk', async () => {
    const { answer } = await ask('Whose book has the most churn risk?', handMade);
    expect(answer).toBe(
      [
        'I understood: **sales reps ranked by revenue at churn risk, most first, over the whole file (2023-01-10 to 2024-08-01)**.',
        '',
        '1. Anna Berg: 140.00 at risk (0 lost of 3 customers in the book)',
        '2. Bob Stone: 50.00 at risk (1 lost of 1 customer in the book)',
        '',
        "Lost customers: book customers the churn model rates lost. Revenue at risk: the churn analysis's revenue at risk (the last 12 months' revenue of customers rated high or lost), summed over the book.",
      ].join('\n'),
    );
  });

  it('with no revenue at risk but lost customers, says why and ranks the books by lost customers (it said no customer was rated lost)', async () => {
    // Lost and high-risk customers who bought nothing in the last 12 months put 0 at risk.
    const quiet = churnOf([
      ['C1', 'low', 0],
      ['C2', 'lost', 0],
      ['C3', 'lost', 0],
      ['C4', 'medium', 0],
      ['C5', 'high', 0],
    ]);
    const agg = await ingestBytes(CSV, { fileName: 'reps.csv' });
    const result = analyse(agg, { asOf: '2024-12-31', now: new Date(0) });
    const lapsed = { ...result, churn: quiet, repScorecards: repScorecardsOf(agg, agg.repBook, quiet, null, epochDay('2024-12-31')) };
    const { answer } = await ask('Which rep has the most customers at risk?', lapsed);
    expect(answer).toBe(
      [
        "No rep's book has revenue at churn risk: the 3 customers rated high risk or lost bought nothing in the last 12 months. The reps with the most lost customers to win back:",
        '',
        'I understood: **sales reps ranked by lost customers, most first, over the whole file (2023-01-10 to 2024-08-01)**.',
        '',
        // A tie keeps the scorecards' order, by revenue (Bob Stone's 330.00 before Anna Berg's 265.00).
        '1. Bob Stone: 1 lost of 1 customer in the book',
        '2. Anna Berg: 1 lost of 3 customers in the book',
        '',
        "Lost customers: book customers the churn model rates lost. Revenue at risk: the churn analysis's revenue at risk (the last 12 months' revenue of customers rated high or lost), summed over the book.",
      ].join('\n'),
    );
  });

  it('asks which Anna when two reps share the name', async () => {
    const { answer } = await ask('how is anna doing', twoAnnas);
    expect(answer).toBe('"anna" matches 2 reps: Anna Berg (190.00) and Anna Keller (180.00). Which one do you mean?');
  });

  it('reads the scorecard when a rep and a customer share a name, and says the customer exists', async () => {
    // Superstore: Anna Andreadi manages the West and is also a customer.
    const sameName = {
      ...handMade,
      segments: handMade.segments && {
        ...handMade.segments,
        customers: handMade.segments.customers.map((c) => (c.id === 'C3' ? { ...c, name: 'Anna Berg' } : c)),
      },
    };
    const { answer } = await ask('How is Anna Berg doing?', sameName);
    expect(answer.startsWith("I understood: **Anna Berg's scorecard over the whole file (2023-01-10 to 2024-08-01)**.")).toBe(true);
    expect(answer.endsWith('Anna Berg is also a customer\'s name; ask "tell me about customer Anna Berg" for their orders.')).toBe(true);
    const customer = await ask('tell me about customer Anna Berg', sameName);
    expect(customer.answer).toContain('**Anna Berg** (C3)');
  });

  it('names an unknown rep instead of answering for another', async () => {
    const { answer, trace: steps } = await ask('How is Zoe doing?', handMade);
    expect(steps).toContain('error:get_rep_scorecards');
    expect(answer).toBe('No sales rep matches "Zoe". The reps by revenue: Bob Stone and Anna Berg.');
  });
});

describe('a file without a sales-rep column', () => {
  for (const [question, result] of [
    ['How is Anna doing?', withoutRepsLater],
    ['Whose book has the most churn risk?', withoutRepsLater],
    ['How are my sales reps doing?', withoutRepsLater],
    ['How is Anna doing?', () => wholesaleResult()],
    ['Which account manager lost the most customers?', () => wholesaleResult()],
  ] as const) {
    it(`"${question}" says there is no sales-rep column, with no figure`, async () => {
      const { answer } = await ask(question, result());
      expect(answer).toMatch(/^This file has no sales-rep column\./);
      expect(answer).not.toMatch(/\d/);
    });
  }
});

function withoutRepsLater(): AnalysisResult {
  return withoutReps;
}

describe('the get_rep_scorecards tool', () => {
  const context = (result: AnalysisResult) => ({ result, artifacts: memoryArtifacts() });

  it('ranks books by revenue at risk with exact figures', async () => {
    const outcome = await invokeTool('get_rep_scorecards', { sortBy: 'revenueAtRisk', limit: 1 }, context(handMade));
    expect(outcome.isError).toBe(false);
    const data = JSON.parse(outcome.content) as { reps: { rep: string; revenueAtRisk: number; lostCustomers: number }[]; more: number };
    expect(data.reps.map((r) => [r.rep, r.revenueAtRisk, r.lostCustomers])).toEqual([['Anna Berg', 140, 0]]);
    expect(data.more).toBe(1);
  });

  it('answers a file without reps, and a margin ranking without cost, as absences', async () => {
    const none = await invokeTool('get_rep_scorecards', {}, context(withoutReps));
    expect([none.isError, none.absent, none.content]).toEqual([false, true, 'This file has no sales-rep column.']);
    const noCost = {
      ...handMade,
      repScorecards: handMade.repScorecards && {
        ...handMade.repScorecards,
        reps: handMade.repScorecards.reps.map((r) => ({ ...r, grossMarginPct: null, grossProfit: null, cost: null })),
      },
    };
    const margin = await invokeTool('get_rep_scorecards', { sortBy: 'grossMarginPct' }, context(noCost));
    expect(margin.content).toBe('This file has no cost, unit cost or profit column, so reps cannot be ranked by gross profit or margin.');
  });
});

describe('the narrative', () => {
  const narrate = async (result: AnalysisResult) => (await narrateOffline(result)).report;

  it('scores the reps when the file has them, and names whose at-risk accounts to go through', async () => {
    const report = await narrate(handMade);
    expect(report).toContain(
      "- **Sales reps**: Bob Stone leads 2 reps with 330.00 (52.8% of revenue, margin 34.9%); Anna Berg's book holds the most revenue at churn risk (140.00).",
    );
    expect(report).toContain("**Action:** Go through Anna Berg's at-risk accounts with them this week, starting with Acme.");
  });

  it('leaves the rep section out of files without reps', async () => {
    expect(await narrate(wholesaleResult())).not.toContain('sales rep');
  });
});

describe('chat over the generated B2B file (plain reference over its rows)', () => {
  let result: AnalysisResult;
  let rows: Record<string, string>[];
  beforeAll(async () => {
    const path = join(scratchDir('tally-rep-chat-'), 'b2b.csv');
    generateB2bCsv(5_000, path);
    rows = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true }).data;
    result = analyse(await ingest(fileStream(path), { fileName: 'b2b.csv' }), { now: new Date(0) });
  }, 60_000);

  it('"how is rep7 doing?" reads Rep 7 with its rank, revenue and customers as summed from the rows', async () => {
    const revenue = new Map<string, number>();
    for (const r of rows) revenue.set(r.SalesRep, (revenue.get(r.SalesRep) ?? 0) + Number(r.Quantity) * Number(r.UnitPrice));
    const ranked = [...revenue].sort((a, b) => b[1] - a[1]);
    const rank = ranked.findIndex(([rep]) => rep === 'Rep 7') + 1;
    const served = new Set(rows.filter((r) => r.SalesRep === 'Rep 7').map((r) => r.CustomerID)).size;
    const { answer } = await ask('how is rep7 doing?', result);
    expect(answer).toContain(`- Rank ${rank} of 25 by revenue: ${formatMoney(revenue.get('Rep 7') ?? NaN, null)} (`);
    expect(answer).toContain(`- ${served} customers served; ${served} in the book`);
  });

  it('"Whose book has the most lost customers?" lists 10 of the 25 and says how many more, apart from the list', async () => {
    const { answer } = await ask('Whose book has the most lost customers?', result);
    // Right after the tenth item, markdown read "…and 15 more reps." as part of it.
    expect(answer).toMatch(/\n10\. Rep \d+: [^\n]+\n\n…and 15 more reps\./);
  });
});
