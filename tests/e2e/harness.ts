/**
 * What every browser test shares: Debian Chromium driven by playwright-core, the app's
 * URL, screenshots under tests/e2e/screenshots/, the offline Turnstile setup and axe.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`;
export const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));
export const FIXTURE_CSV = fileURLToPath(new URL('../fixtures/e2e/sales.csv', import.meta.url));

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * A fresh browser profile (no cookies, no storage). Turnstile's script is blocked, as it
 * is offline, so the app shows its labelled local test widget for the test site key.
 */
export async function newContext(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL });
  await context.route('https://challenges.cloudflare.com/**', (route) => route.abort());
  return context;
}

/** Collects uncaught page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage, animations: 'disabled' });
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core (WCAG 2 A/AA rules) in the page; returns serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (rightly) forbids inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The newest dev-outbox message to an address (GET /dev/mail, development only). */
export async function latestMailTo(address: string): Promise<{ subject: string; links: string[] } | null> {
  const response = await fetch(`${BASE_URL}/dev/mail?to=${encodeURIComponent(address)}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/dev/mail answered ${response.status}`);
  const body = (await response.json()) as { messages: { to: string; subject: string; links: string[] }[] };
  return body.messages.find((message) => message.to.toLowerCase() === address.toLowerCase()) ?? null;
}
