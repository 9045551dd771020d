/**
 * The dashboard's grid in Debian Chromium, on dashboards the engine renders from real files
 * (no server needed): wide tables span the content width at 1280 px, nothing overflows the
 * page at 390 px or in print, and screenshots of each (plus the churn call list, the
 * dashboard's churn section, on Online Retail) land in tests/e2e/screenshots/.
 */
import assert from 'node:assert/strict';
import { createReadStream, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { analyse } from '../../worker/engine/analyze';
import { ingest } from '../../worker/engine/ingest';
import { renderArtifacts } from '../../worker/engine/render';
import { datasetPath } from '../engine/helpers/datasets';
import { launchBrowser, SCREENSHOT_DIR } from './harness';

let browser: Browser;
const dashboards = new Map<string, string>();

/** The dashboard HTML for a file (or several concatenated, header kept once). */
async function dashboardOf(name: string, paths: string[]): Promise<string> {
  async function* bytes(): AsyncIterable<Uint8Array> {
    for (const [i, path] of paths.entries()) {
      let first = true;
      for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
        // Every Online Retail day file repeats the header; keep the first file's only.
        if (i > 0 && first) {
          first = false;
          yield chunk.subarray(chunk.indexOf(10) + 1);
        } else yield chunk;
      }
    }
  }
  const aggregates = await ingest(Readable.from(bytes()) as unknown as AsyncIterable<Uint8Array>, { fileName: name });
  const result = analyse(aggregates, { now: new Date('2025-01-01T00:00:00Z') });
  const html = renderArtifacts(result).find((f) => f.name === 'dashboard.html')?.body;
  assert.ok(typeof html === 'string');
  return html;
}

before(async () => {
  const onlineRetail = readdirSync(datasetPath('online_retail/by-day'))
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((f) => datasetPath(`online_retail/by-day/${f}`));
  dashboards.set('superstore', await dashboardOf('Sample - Superstore.csv', [datasetPath('superstore/Sample - Superstore.csv')]));
  dashboards.set('online-retail', await dashboardOf('online_retail.csv', onlineRetail));
  browser = await launchBrowser();
});
after(async () => browser?.close());

async function open(name: string, width: number, height = 900): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(dashboards.get(name) ?? '', { waitUntil: 'load' });
  return page;
}

/** Each card of the last board (the tables) with its box, and the board's content box. */
async function tableCards(page: Page) {
  return page.evaluate(() => {
    const boards = Array.from(document.querySelectorAll('.board'));
    const board = boards[boards.length - 1];
    const box = board.getBoundingClientRect();
    return {
      board: { left: box.left, width: box.width },
      cards: Array.from(board.children).map((card) => {
        const r = card.getBoundingClientRect();
        return { title: card.querySelector('h2')?.textContent ?? '', classes: card.className, left: r.left, top: r.top, width: r.width };
      }),
    };
  });
}

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));
}

test('at 1280 px the cross-sell table spans the full content width and short tables sit two to a row', async () => {
  const page = await open('superstore', 1280);
  const { board, cards } = await tableCards(page);
  const crossSell = cards.find((c) => c.title.startsWith('Cross-sell opportunities'));
  assert.ok(crossSell, 'a cross-sell card');
  assert.equal(crossSell.title, 'Cross-sell opportunities by sub-category');
  assert.ok(Math.abs(crossSell.width - board.width) <= 1, `cross-sell is ${crossSell.width} px of ${board.width}`);
  assert.ok(Math.abs(crossSell.left - board.left) <= 1);
  const top = cards.find((c) => c.title === 'Top customers');
  const atRisk = cards.find((c) => c.title === 'Call first: customers at risk');
  assert.ok(top && atRisk);
  assert.equal(top.top, atRisk.top, 'top customers and the call list share a row');
  assert.ok(top.width < board.width / 2 && top.width > board.width / 2 - 20);
  // Superstore has product flags but no suppliers: the lone half card takes the whole row.
  const flags = cards.find((c) => c.title === 'Product flags');
  assert.ok(flags && Math.abs(flags.width - board.width) <= 1);
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.scrollWidth <= overflow.innerWidth, JSON.stringify(overflow));
  await page.screenshot({ path: `${SCREENSHOT_DIR}dashboard-superstore-1280.png`, fullPage: true });
  await page.close();
});

test('at 390 px every card is one column wide and nothing overflows the page', async () => {
  for (const name of ['superstore', 'online-retail']) {
    const page = await open(name, 390, 844);
    const overflow = await horizontalOverflow(page);
    assert.ok(overflow.scrollWidth <= overflow.innerWidth, `${name}: ${JSON.stringify(overflow)}`);
    const { board, cards } = await tableCards(page);
    for (const card of cards)
      assert.ok(Math.abs(card.width - board.width) <= 1, `${name}: ${card.title} is ${card.width} px of ${board.width}`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}dashboard-${name}-390.png`, fullPage: true });
    await page.close();
  }
});

test('printed, the grid keeps within the page and the wide table still spans it', async () => {
  const page = await open('superstore', 794, 1123); // A4 at 96 dpi
  await page.emulateMedia({ media: 'print' });
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.scrollWidth <= overflow.innerWidth, JSON.stringify(overflow));
  const { board, cards } = await tableCards(page);
  const crossSell = cards.find((c) => c.title.startsWith('Cross-sell opportunities'));
  assert.ok(crossSell && Math.abs(crossSell.width - board.width) <= 1);
  await page.screenshot({ path: `${SCREENSHOT_DIR}dashboard-superstore-print.png`, fullPage: true });
  await page.pdf({ path: `${SCREENSHOT_DIR}dashboard-superstore-print.pdf`, format: 'A4', printBackground: true });
  await page.close();
});

test('the churn call list on Online Retail, at 1280 and 390 px', async () => {
  for (const width of [1280, 390]) {
    const page = await open('online-retail', width);
    const card = page.locator('section.card', { has: page.locator('h2', { hasText: 'Call first: customers at risk' }) });
    assert.equal(await card.count(), 1);
    await card.screenshot({ path: `${SCREENSHOT_DIR}dashboard-churn-online-retail-${width}.png` });
    await page.close();
  }
});
