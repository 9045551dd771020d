/**
 * Chat about the revenue bridge (issue 16 part 2), offline, over the hand-computed file of
 * tests/engine/retention/pvm-bridge.test.ts: Q1 2024 215 → Q1 2025 232; new customers
 * +40, price +12, volume +35.79, mix −45.79, products newly bought +30, no longer bought
 * −20, other −20, lost customers −15 (the file starts on 2024-01-03, so Q1 2024 counts as
 * complete). The row snapshot is attached, as in the job.
 */
import { describe, expect, it } from 'vitest';
import { bridgeIntentOf, rangeLabel } from '../../worker/agent/offline/bridge-intents';
import { analyse } from '../../worker/engine/analyze';
import { defaultBridgeOf } from '../../worker/engine/analyses/pvm-bridge';
import { memorySnapshot } from '../../worker/engine/snapshot/memory';
import { ingestBytes } from '../engine/ingest/helpers';
import { invokeTool } from '../../worker/agent/tools';
import { askOffline, memoryArtifacts } from './helpers';

const CSV = [
  'Invoice,Date,Customer,Product,Quantity,Price',
  '1,2024-01-03,A,P1,10,5',
  '1,2024-01-03,A,P2,5,20',
  '2,2024-02-10,A,P5,1,10',
  '3,2024-02-11,B,P1,4,5',
  '3,2024-02-11,B,P3,2,10',
  '4,2024-03-01,L,P1,3,5',
  '5,2024-06-01,A,P1,100,5',
  '6,2025-01-10,A,P1,12,6',
  '6,2025-01-10,A,P2,3,20',
  'C7,2025-01-20,A,P5,-1,10',
  '8,2025-02-10,B,P1,8,5',
  '8,2025-02-10,B,P4,1,30',
  '9,2025-03-30,N,P2,2,20',
].join('\n');

async function analysed() {
  const memory = memorySnapshot();
  const agg = await ingestBytes(`${CSV}\n`, { fileName: 'bridge.csv', snapshot: memory.consumer });
  const result = analyse(agg, { now: new Date('2025-04-01T00:00:00Z') });
  result.bridge = await defaultBridgeOf(memory.snapshot(), result.asOf);
  return { result, snapshot: memory.snapshot() };
}

async function ask(question: string) {
  const { result, snapshot } = await analysed();
  return askOffline(question, result, snapshot);
}

describe('bridge questions in chat', () => {
  it('bridges two named quarters, earlier as the base, stating the periods first', async () => {
    const { answer, trace: steps } = await ask('bridge Q1 2025 vs Q1 2024');
    expect(steps).toEqual(['use:get_revenue_bridge', 'result:get_revenue_bridge', 'text']);
    expect(answer).toBe(
      [
        'I understood: **revenue bridge, 2024-Q1 (2024-01-01 … 2024-03-31) to 2025-Q1 (2025-01-01 … 2025-03-31)**.',
        '',
        'Revenue went from 215.00 to 232.00, a change of 17.00 (+7.9%):',
        '- New customers: 40.00',
        '- Price: 12.00',
        '- Volume: 35.79',
        '- Mix: -45.79',
        '- Products newly bought: 30.00',
        '- Products no longer bought: -20.00',
        '- Other (returns only or no quantity): -20.00',
        '- Lost customers: -15.00',
        // A blank line ends the list: markdown would run the next line into its last item.
        '',
        'Largest lost customers: L (15.00).',
      ].join('\n'),
    );
  });

  it('uses the default periods for "what changed revenue?" (here the last complete quarter against a year before)', async () => {
    const { answer } = await ask('What changed revenue?');
    expect(answer).toContain(
      'I understood: **revenue bridge, 2024-Q1 (2024-01-01 … 2024-03-31) to 2025-Q1 (2025-01-01 … 2025-03-31)** — The last complete quarter against the same quarter a year earlier',
    );
  });

  it('reads "from Q1 2024 to Q1 2025" as two quarters compared, not one range', async () => {
    const { answer } = await ask('How did sales change from Q1 2024 to Q1 2025?');
    expect(
      answer.startsWith('I understood: **revenue bridge, 2024-Q1 (2024-01-01 … 2024-03-31) to 2025-Q1 (2025-01-01 … 2025-03-31)**.'),
    ).toBe(true);
    expect(answer).toContain('Revenue went from 215.00 to 232.00, a change of 17.00 (+7.9%):');
  });

  // Asked on 1 December 2026, in the seventeenth session: "revenue bridge 2023 to 2024" set 2022
  // against 2023, the first period named against the year before it.
  it.each(['revenue bridge Q1 2024 to Q1 2025', 'bridge 2024-Q1 to 2025-Q1', 'bridge Q1-2024 to Q1-2025'])(
    'reads "%s", with no "from", as the two quarters compared',
    async (question) => {
      const { answer } = await ask(question);
      expect(answer.split('\n')[0]).toBe(
        'I understood: **revenue bridge, 2024-Q1 (2024-01-01 … 2024-03-31) to 2025-Q1 (2025-01-01 … 2025-03-31)**.',
      );
      expect(answer).toContain('Revenue went from 215.00 to 232.00, a change of 17.00 (+7.9%):');
    },
  );

  // Two years named, the later past the file's last day: both are counted to 30 March, as one
  // year named is (it read 2024 whole against 89 days of 2025).
  it("counts two years named to the file's last day, and says so (the file runs from 2024-01-03 to 2025-03-30)", async () => {
    const [years, quarters] = [await ask('How did sales change from 2024 to 2025?'), await ask('bridge Q1 2025 vs Q1 2024')];
    expect(years.answer.split('\n')[0]).toBe('I understood: **revenue bridge, 2024-01-01 … 2024-03-30 to 2025-01-01 … 2025-03-30**.');
    expect(years.answer).toContain(
      "2025-01-01 … 2025-12-31 runs past the file's last day, so it is counted to 2025-03-30, and 2024-01-01 … 2024-12-31 over the same days, to 2024-03-30.",
    );
    // Every row of the two spans is in Q1, so the steps are Q1's.
    const steps = (answer: string) => answer.split('\n').filter((line) => line.startsWith('- ') || line.startsWith('Revenue went'));
    expect(steps(years.answer)).toEqual(steps(quarters.answer));
  });

  // "How did revenue change from 2010 to 2011?" on Online Retail read +1,101.5%, £3.9M of it
  // new customers: 2010's rows are one December.
  it('refuses two periods the rows cover unequally, with no figure', async () => {
    const { result, snapshot } = await analysed();
    const outcome = await invokeTool(
      'get_revenue_bridge',
      { base: { from: '2023-12-20', to: '2024-01-19' }, compared: { from: '2024-12-20', to: '2025-01-19' } },
      { result, snapshot, artifacts: memoryArtifacts() },
    );
    expect(outcome).toEqual({
      content:
        "I can't bridge 2023-12-20 … 2024-01-19 to 2024-12-20 … 2025-01-19: the file's rows run from 2024-01-03 to 2025-03-30, so they cover 2023-12-20 … 2024-01-19 for 17 of its 31 days, and a change would set unequal stretches of time against each other. Compare two periods the rows cover whole.",
      isError: false,
      absent: true,
    });
  });

  it('refuses a period the rows do not reach, with no figure', async () => {
    const { answer } = await ask('bridge Q1 2023 vs Q1 2024');
    expect(answer).toBe('The file has no rows in 2023-01-01 … 2023-03-31: its rows run from 2024-01-03 to 2025-03-30.');
  });

  // "Why did revenue change in 2021?" was refused for naming one period.
  it('sets one quarter named against the same quarter a year earlier, with the figures of the two named', async () => {
    const [single, both] = [await ask('price volume mix for Q1 2025'), await ask('How did sales change from Q1 2024 to Q1 2025?')];
    expect(single.answer.split('\n')[0]).toBe(
      'I understood: **revenue bridge, 2024-Q1 (2024-01-01 … 2024-03-31) to 2025-Q1 (2025-01-01 … 2025-03-31)** — the period named against the same days a year earlier.',
    );
    expect(single.answer.split('\n').slice(1)).toEqual(both.answer.split('\n').slice(1));
  });

  // CDNOW's "Why did revenue change in 1998?" set half of 1998 against all of 1997 (−76.5%).
  it("cuts a year named past the file's last day to that day, and the year before to the same days", async () => {
    // 2025 has 89 of its 365 days in the file; every row of the two spans is in Q1, so the figures are Q1's.
    const single = await ask('Why did revenue change in 2025?');
    const quarters = await ask('bridge Q1 2025 vs Q1 2024');
    expect(single.answer.split('\n')[0]).toBe(
      'I understood: **revenue bridge, 2024-01-01 … 2024-03-30 to 2025-01-01 … 2025-03-30** — the period named, to the last day of the file, against the same days a year earlier.',
    );
    expect(single.answer.split('\n').slice(1)).toEqual(quarters.answer.split('\n').slice(1));
  });

  it('asks for two periods when one range of other ends is named, with no figure', async () => {
    const { answer, trace: steps } = await ask('price volume mix from March 2024 to Q1 2025');
    expect(steps).toEqual(['text']);
    expect(answer).toContain('A revenue bridge compares two periods');
  });
});

describe('the bridge intent', () => {
  const today = new Date('2026-04-15T00:00:00Z');
  it('reads two periods and labels them', () => {
    const intent = bridgeIntentOf('Bridge Q1 2026 vs Q1 2025', today);
    expect(intent?.periods?.a).toEqual({ from: '2026-01-01', to: '2026-03-31', label: '2026-Q1' });
    expect(intent?.periods?.b).toEqual({ from: '2025-01-01', to: '2025-03-31', label: '2025-Q1' });
    expect(rangeLabel({ from: '2025-01-01', to: '2025-12-31' })).toBe('2025');
    expect(rangeLabel({ from: '2025-03-01', to: '2025-03-31' })).toBe('2025-03');
  });

  it('reads "from 2024 to 2025" as two years, and a range of other ends as one range', () => {
    const years = bridgeIntentOf('how did sales change from 2024 to 2025?', today);
    expect(years?.periods?.a).toEqual({ from: '2024-01-01', to: '2024-12-31', label: '2024' });
    expect(years?.periods?.b).toEqual({ from: '2025-01-01', to: '2025-12-31', label: '2025' });
    expect(bridgeIntentOf('sales change from March 2025 to Q1 2026', today)?.periods).toBeNull();
  });

  it('leaves a plain comparison to the row grammar', () => {
    expect(bridgeIntentOf('revenue in Q1 2026 vs Q1 2025', today)).toBeNull();
  });

  // It got the stored bridge, one pair of quarters a year apart.
  it('leaves each quarter against the one before to the row grammar, unless the split or its causes are asked for', () => {
    expect(bridgeIntentOf('how did revenue change quarter over quarter?', today)).toBeNull();
    expect(bridgeIntentOf('how did sales change by month?', today)).toBeNull();
    expect(bridgeIntentOf('what drove the revenue change quarter over quarter?', today)?.kind).toBe('bridge');
    expect(bridgeIntentOf('price volume mix by quarter', today)?.kind).toBe('bridge');
  });

  // They got the two totals from the row grammar, which say nothing of a cause.
  it.each([
    ['What drove the change in revenue this year?', { from: '2026-01-01', to: '2026-04-15' }, { from: '2025-01-01', to: '2025-04-15' }],
    ['What caused the drop in sales in 2025?', { from: '2025-01-01', to: '2025-12-31' }, { from: '2024-01-01', to: '2024-12-31' }],
    ['Why have our sales fallen in 2025?', { from: '2025-01-01', to: '2025-12-31' }, { from: '2024-01-01', to: '2024-12-31' }],
    // A month or a quarter was set against the twelve months before it (2024-12-01 … 2025-11-30).
    [
      'What caused the fall in revenue in December 2025?',
      { from: '2025-12-01', to: '2025-12-31' },
      { from: '2024-12-01', to: '2024-12-31' },
    ],
    ['Why did sales drop in Q4 2025?', { from: '2025-10-01', to: '2025-12-31' }, { from: '2024-10-01', to: '2024-12-31' }],
    ['Why did revenue fall in February 2024?', { from: '2024-02-01', to: '2024-02-29' }, { from: '2023-02-01', to: '2023-02-28' }],
  ])('"%s" asks for the bridge of the period named against the year before', (question, named, before) => {
    const intent = bridgeIntentOf(question, today);
    expect(intent?.periods?.a).toMatchObject(named);
    expect(intent?.periods?.b).toMatchObject(before);
  });
});

// "Why did revenue drop in November 2021?" on Superstore was answered with a rise of 49.2% and
// no word that it rose; "Why did revenue drop in 2021-12?" bridged 2020 to 2021, the whole years.
describe('a bridge asked about a move the other way', () => {
  it('"Why did revenue drop in Q1 2025?" says first that it rose', async () => {
    const { answer } = await ask('Why did revenue drop in Q1 2025?');
    expect(answer.split('\n')[2]).toBe('Revenue did not fall: it rose. Revenue went from 215.00 to 232.00, a change of 17.00 (+7.9%):');
  });

  it('"Why did revenue grow in Q1 2025?" gets no such line', async () => {
    const { answer } = await ask('Why did revenue grow in Q1 2025?');
    expect(answer.split('\n')[2]).toBe('Revenue went from 215.00 to 232.00, a change of 17.00 (+7.9%):');
  });

  // January 2024: A's 10 × 5 + 5 × 20 = 150; January 2025: A's 12 × 6 + 3 × 20 = 132 less the credit note's 10 = 122.
  it('"Why did revenue grow in 2025-01?" bridges January 2024 to January 2025, and says it fell', async () => {
    const { answer } = await ask('Why did revenue grow in 2025-01?');
    expect(answer.split('\n')[0]).toBe(
      'I understood: **revenue bridge, 2024-01 (2024-01-01 … 2024-01-31) to 2025-01 (2025-01-01 … 2025-01-31)** — the period named against the same days a year earlier.',
    );
    expect(answer.split('\n')[2]).toBe('Revenue did not grow: it fell. Revenue went from 150.00 to 122.00, a change of -28.00 (-18.7%):');
  });
});
