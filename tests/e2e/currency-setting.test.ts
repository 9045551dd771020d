/**
 * The currency setting on the new-analysis page in Debian Chromium, at 1280 px and on a
 * 390-px phone: once a file is loaded, a labelled "Currency" select sits above the focus
 * cards, starts at "Detect from file" and offers the common currencies. (That the choice
 * reaches the API is checked by the upload scenario in app.test.ts, which chooses EUR.)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { FIXTURE_CSV, launchBrowser, newContext, screenshot, watchErrors } from './harness';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px a loaded file offers the currency setting above the focus cards`, async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto('/analysis');
      await page.getByTestId('file-input').first().setInputFiles(FIXTURE_CSV);
      await page.getByText(/sales\.csv \(\d+\.\d{2} MB\) is loaded/).waitFor();

      const currency = page.getByLabel('Currency');
      assert.equal(await currency.inputValue(), '');
      const options = await currency.locator('option').allTextContents();
      assert.equal(options[0], 'Detect from file');
      assert.ok(options.includes('EUR — Euro'), `EUR is offered: ${options.join(', ')}`);
      assert.ok(options.includes('GBP — British Pound'), 'GBP is offered');
      assert.equal(options.length, 20, 'Detect from file and 19 common currencies');

      const select = await currency.boundingBox();
      const cards = await page.getByRole('heading', { name: 'What would you like to analyze?' }).boundingBox();
      assert.ok(select && cards && select.y + select.height <= cards.y, 'the setting comes before the cards that start the upload');
      assert.ok(select.x >= 0 && select.x + select.width <= viewport.width, 'the select fits the viewport');

      await currency.selectOption('EUR');
      assert.equal(await currency.inputValue(), 'EUR');
      await currency.scrollIntoViewIfNeeded();
      await screenshot(page, `currency-setting-${viewport.width}`);
      assert.deepEqual(errors, [], 'no uncaught errors in the page');
    } finally {
      await context.close();
    }
  });
}
