/**
 * The product in real Chromium against the Worker on the local Workers runtime
 * (run through scripts/run-e2e.mjs). The scenarios run in order and share one analysis:
 * a visitor may run only one analysis per day, so the secure-link, chat, sign-up and
 * mobile scenarios all look at the analysis the first one creates.
 */
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, FIXTURE_CSV, latestMailTo, launchBrowser, newContext, screenshot, seriousAxeViolations, watchErrors } from './harness';

/** Generous waits for the analysis job; nothing asserts on how long anything takes. */
const ANALYSIS_TIMEOUT_MS = 120_000;
const UI_TIMEOUT_MS = 15_000;

const visitorEmail = `buyer.${Date.now()}@example.com`;
const password = 'Wholesale2026';

let browser: Browser;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const shared: { analysisId: string; accessToken: string; ownerState?: StorageState; signedInState?: StorageState } = {
  analysisId: '',
  accessToken: '',
};

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function withPage<T>(
  viewport: { width: number; height: number } | undefined,
  run: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const errors = watchErrors(page);
  try {
    const result = await run(page, context);
    assert.deepEqual(errors, [], 'no uncaught errors in the page');
    return result;
  } finally {
    await context.close();
  }
}

test('a visitor uploads a CSV from the landing page, watches the transcript stream and opens the results', async () => {
  await withPage(undefined, async (page, context) => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, '01-landing', true);

    await page.getByTestId('hero-file-input').setInputFiles(FIXTURE_CSV);
    await page.getByRole('button', { name: 'Start analysis' }).click();
    await page.waitForURL('**/analysis');
    await page.getByText(/sales\.csv \(\d+\.\d{2} MB\) is loaded/).waitFor();
    await page.getByRole('heading', { name: 'What would you like to analyze?' }).waitFor();
    assert.equal(await page.getByText('Or type your own question below').count(), 1);
    await screenshot(page, '02-file-loaded');

    // The currency setting, chosen before the card (which starts the upload): it must reach the API.
    const currency = page.getByLabel('Currency');
    assert.equal(await currency.inputValue(), '', 'the setting starts at "Detect from file"');
    await currency.selectOption('EUR');
    await page.getByRole('button', { name: /Comprehensive Analysis/ }).click();
    const modal = page.getByRole('dialog', { name: 'Start Your Analysis' });
    await modal.waitFor();
    const start = modal.getByRole('button', { name: 'Start Analysis' });
    assert.equal(await start.isDisabled(), true, 'Start is disabled without email and verification');
    await modal.getByLabel('Email Address').fill(visitorEmail);
    await modal.getByTestId('turnstile-test-widget').waitFor({ timeout: UI_TIMEOUT_MS });
    await modal.getByRole('checkbox', { name: 'Verify you are human' }).check();
    await screenshot(page, '03-email-modal');
    const [uploadRequest] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/upload-to-spaces')), start.click()]);
    assert.match(uploadRequest.postData() ?? '', /name="currency"\r\n\r\nEUR\r\n/, 'the upload form carries currency=EUR');

    await page.getByText('Preparing your analysis workspace...').waitFor();
    await page.waitForURL(/\/analysis\/[0-9a-f-]{36}$/, { timeout: UI_TIMEOUT_MS });
    shared.analysisId = page.url().split('/').pop() ?? '';
    shared.accessToken = await page.evaluate(
      () => (window.history.state as { usr?: { accessToken?: string } } | null)?.usr?.accessToken ?? '',
    );
    assert.ok(shared.accessToken, 'the access token travels in the navigation state');
    const ownerToken = await page.evaluate((id) => window.localStorage.getItem(`tally.owner-token.${id}`), shared.analysisId);
    assert.match(ownerToken ?? '', /^\S{20,}$/, 'the owner token is kept in local storage');
    assert.ok(!page.url().includes(ownerToken ?? ''), 'the owner token is never in the URL');
    shared.ownerState = await context.storageState();

    // The transcript streams in: the plan appears, then the analysis completes.
    await page
      .getByRole('region', { name: 'Analysis plan' })
      .or(page.locator('[data-kind="assistant"]'))
      .first()
      .waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    await screenshot(page, '04-transcript-streaming');
    await page.getByTestId('analysis-status').filter({ hasText: 'Completed' }).waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    await page.getByText('Analysis Complete!').waitFor();
    assert.ok((await page.locator('[data-kind="assistant"]').count()) >= 1, 'the analyst wrote at least one message');
    const stored = (await (await page.request.get(`/api/analysis/${shared.analysisId}/${shared.accessToken}`)).json()) as {
      analysis: { currency: string | null };
    };
    assert.equal(stored.analysis.currency, 'EUR', 'the analysis keeps the chosen currency');
    // The fixture shows no currency sign, so euros in the transcript come from the setting.
    assert.ok((await page.locator('[data-kind="assistant"]', { hasText: '€' }).count()) >= 1, 'the transcript writes amounts in €');
    const artifacts = page.getByTestId('artifact');
    assert.ok((await artifacts.count()) >= 1, 'at least one generated file is listed');
    await screenshot(page, '05-analysis-complete');

    // Open a report: markdown artifacts expand inline.
    const report = page.locator('[data-testid="artifact"][data-file-name$=".md"]').first();
    if ((await report.count()) > 0) {
      await report.getByRole('button', { name: /^View / }).click();
      await report.locator('.prose-tally').first().waitFor();
      await screenshot(page, '06-report-open');
    }

    // The dashboard, served by the Worker at /dashboard/{id}/{token}.
    const dashboardLink = page.getByRole('link', { name: 'Open dashboard' });
    if ((await dashboardLink.count()) > 0) {
      const [dashboard] = await Promise.all([page.context().waitForEvent('page'), dashboardLink.click()]);
      await dashboard.waitForLoadState();
      assert.match(dashboard.url(), new RegExp(`/dashboard/${shared.analysisId}/`));
      assert.notEqual(await dashboard.title(), 'Dashboard not found · Tally');
      await screenshot(dashboard, '07-dashboard', true);
    } else {
      const response = await page.request.get(`/dashboard/${shared.analysisId}/${shared.accessToken}`);
      console.log(`# no dashboard.html artifact yet; /dashboard/{id}/{token} answered ${response.status()}`);
    }
  });
});

test('a secure link opened in a fresh browser shows the analysis with the create-account banner', async () => {
  assert.ok(shared.analysisId, 'needs the analysis from the first scenario');
  await withPage(undefined, async (page) => {
    await page.goto(`/analysis/${shared.analysisId}/${shared.accessToken}`);
    const banner = page.getByRole('region', { name: 'Shared analysis' });
    await banner.waitFor();
    assert.equal(await banner.getByRole('link', { name: 'Create account' }).getAttribute('href'), '/sign-up');
    await page.getByText('Analysis Complete!').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    await screenshot(page, '08-secure-link');
  });
});

test('an unknown analysis shows the load error as a system message', async () => {
  await withPage(undefined, async (page) => {
    await page.goto('/analysis/00000000-0000-0000-0000-000000000000');
    await page.getByText("Error loading analysis: Analysis not found or you don't have permission to view it").waitFor();
    await screenshot(page, '09-load-error');
  });
});

test('the visitor who uploaded asks a question in the chat and gets an answer in the transcript', async () => {
  assert.ok(shared.analysisId && shared.ownerState, 'needs the analysis and the owner browser from the first scenario');
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    baseURL: BASE_URL,
    storageState: shared.ownerState,
  });
  await context.route('https://challenges.cloudflare.com/**', (route) => route.abort());
  const page = await context.newPage();
  const errors = watchErrors(page);
  try {
    // The owner's own address, no link in it: the stored owner token is what grants access.
    await page.goto(`/analysis/${shared.analysisId}`);
    await page.getByText('Analysis Complete!').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    const before = await page.locator('[data-kind="assistant"]').count();
    const input = page.getByLabel('Ask a question about your data');
    await input.fill('Who are my top 5 customers by revenue?');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/analysis/${shared.analysisId}/chat`), { timeout: ANALYSIS_TIMEOUT_MS }),
      input.press('Enter'),
    ]);
    // Anything but success fails here, with the server's answer in the message: a broken
    // route or access check must show as a failure, never as a skipped scenario.
    assert.equal(response.status(), 200, `chat answered ${response.status()}: ${await response.text().catch(() => '')}`);
    assert.ok(response.request().headers()['x-owner-token'], 'the chat call carries the owner token');
    assert.deepEqual(await response.json(), { success: true });
    await page.locator('[data-kind="user"]', { hasText: 'Who are my top 5 customers by revenue?' }).waitFor();
    await page.waitForFunction((count) => document.querySelectorAll('[data-kind="assistant"]').length > count, before, {
      timeout: ANALYSIS_TIMEOUT_MS,
    });
    await screenshot(page, '10-chat-answer');
    assert.deepEqual(errors, [], 'no uncaught errors in the page');
  } finally {
    await context.close();
  }
});

test('a secure-link holder may not ask until the owner allows it', async () => {
  assert.ok(shared.analysisId, 'needs the analysis from the first scenario');
  await withPage(undefined, async (page) => {
    await page.goto(`/analysis/${shared.analysisId}/${shared.accessToken}`);
    await page.getByText('Analysis Complete!').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    const input = page.getByLabel('Ask a question about your data');
    await input.fill('Who are my top 5 customers by revenue?');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/analysis/${shared.analysisId}/chat`), { timeout: UI_TIMEOUT_MS }),
      input.press('Enter'),
    ]);
    assert.equal(response.status(), 403);
    await page.getByText('Error: The owner of this analysis has not allowed questions through the shared link.').waitFor();
  });
});

/** A page in the visitor owner's browser (the first scenario's storage, with its owner token). */
async function withOwnerPage(viewport: { width: number; height: number }, run: (page: Page) => Promise<void>): Promise<void> {
  assert.ok(shared.analysisId && shared.ownerState, 'needs the analysis and the owner browser from the first scenario');
  const context = await browser.newContext({ viewport, baseURL: BASE_URL, storageState: shared.ownerState });
  await context.route('https://challenges.cloudflare.com/**', (route) => route.abort());
  const page = await context.newPage();
  const errors = watchErrors(page);
  try {
    await run(page);
    assert.deepEqual(errors, [], 'no uncaught errors in the page');
  } finally {
    await context.close();
  }
}

test('the owner shares: copies the link, lets link holders ask, re-issues it, and the old link says it is no longer valid', async () => {
  const oldToken = shared.accessToken;
  await withOwnerPage({ width: 1280, height: 800 }, async (page) => {
    await page.goto(`/analysis/${shared.analysisId}`);
    await page.getByText('Analysis Complete!').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    await page.getByRole('button', { name: /Share/ }).click();
    const panel = page.getByRole('region', { name: 'Share this analysis' });
    await panel.waitFor();
    assert.equal(
      await panel.getByLabel('Secure link').inputValue(),
      `${BASE_URL}/analysis/${shared.analysisId}/${oldToken}`,
      'the link from the upload is shown as active',
    );
    const toggle = panel.getByRole('switch', { name: 'Let link holders ask questions' });
    assert.equal(await toggle.isChecked(), false, 'link questions are off by default');
    const [linkChat] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/analysis/${shared.analysisId}/link-chat`)),
      toggle.click(),
    ]);
    assert.equal(linkChat.status(), 200);
    assert.deepEqual(await linkChat.json(), { link_chat_enabled: true });
    await page.waitForFunction(() => (document.querySelector('[role="switch"]') as HTMLInputElement | null)?.checked === true);
    await screenshot(page, '11-share-control-1280');

    const [reissued] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/analysis/${shared.analysisId}/access-token`) && r.request().method() === 'POST'),
      panel.getByRole('button', { name: 'Re-issue link' }).click(),
    ]);
    assert.equal(reissued.status(), 200);
    const { access_token: newToken } = (await reissued.json()) as { access_token: string };
    assert.notEqual(newToken, oldToken);
    await page.waitForFunction(
      (expected) => (document.querySelector('input[aria-label="Secure link"]') as HTMLInputElement | null)?.value.endsWith(expected),
      newToken,
    );
    shared.accessToken = newToken;
  });

  await withPage(undefined, async (page) => {
    await page.goto(`/analysis/${shared.analysisId}/${oldToken}`);
    await page
      .getByText(
        'Error loading analysis: This secure link is no longer valid: the owner may have revoked or replaced it. Ask them for a new link.',
      )
      .waitFor();
    assert.equal(await page.getByText('Loading...').count(), 0, 'the header does not stay on Loading...');
    await page.getByText('Link no longer valid').waitFor();
    await screenshot(page, '12-revoked-link');
  });

  await withOwnerPage({ width: 390, height: 844 }, async (page) => {
    await page.goto(`/analysis/${shared.analysisId}`);
    await page.getByText('Analysis Complete!').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    await page.getByRole('button', { name: /Share/ }).click();
    await page.getByRole('region', { name: 'Share this analysis' }).waitFor();
    await screenshot(page, '13-share-control-390');
  });
});

test('signing up, confirming through the dev outbox and signing in shows the claimed analysis in the history', async () => {
  await withPage(undefined, async (page, context) => {
    await page.goto('/sign-up');
    await page.getByLabel('Email').fill(visitorEmail);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('checkbox', { name: 'Verify you are human' }).check({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, '11-sign-up');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Check your email for a confirmation link to complete your account setup!').waitFor();
    await screenshot(page, '12-sign-up-done');

    // Before confirming, sign-in says so.
    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await page.getByLabel('Email').fill(visitorEmail);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Please check your email and click the confirmation link before signing in.').waitFor();

    let mail = await latestMailTo(visitorEmail);
    for (let attempt = 0; !mail && attempt < 50; attempt++) {
      await page.waitForTimeout(200);
      mail = await latestMailTo(visitorEmail);
    }
    assert.ok(mail, 'a confirmation email is in the dev outbox');
    const confirmLink = mail.links.find((link) => link.includes('/api/auth/verify'));
    assert.ok(confirmLink, 'the email carries a verification link');
    await page.goto(confirmLink);
    await page.getByRole('heading', { name: 'Welcome to Tally!' }).waitFor();
    await page.getByText(visitorEmail).first().waitFor();
    await screenshot(page, '13-welcome');

    // Sign out, then sign in with the password.
    await page.getByRole('button', { name: 'Go to Analysis Now' }).click();
    await page.waitForURL('**/analysis');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(visitorEmail);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid email or password. Please try again.').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome to Tally!' }).waitFor();
    await page.waitForURL('**/analysis', { timeout: UI_TIMEOUT_MS });

    const history = page.getByRole('navigation', { name: 'Analyses' });
    await history.getByRole('heading', { name: 'Today' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await history.getByRole('button', { name: /Comprehensive Analysis/ }).waitFor();
    await screenshot(page, '14-signed-in-history');
    shared.signedInState = await context.storageState();
  });
});

test('on a 390-px phone the sidebar and the artifacts panel open as drawers', async () => {
  assert.ok(shared.signedInState, 'needs the signed-in session from the sign-up scenario');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: shared.signedInState,
    baseURL: BASE_URL,
  });
  try {
    const page = await context.newPage();
    await page.goto(`/analysis/${shared.analysisId}`);
    await page.getByText('Analysis Complete!').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    assert.equal(await page.getByRole('navigation', { name: 'Analyses' }).isVisible(), false, 'the sidebar is tucked away');
    await screenshot(page, '15-mobile-analysis');

    await page.getByRole('button', { name: 'Open analyses menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Analyses menu' });
    await menu.getByRole('button', { name: 'Sign Out' }).waitFor();
    await screenshot(page, '16-mobile-sidebar-drawer');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Artifacts' }).click();
    const panel = page.getByRole('dialog', { name: 'Analysis artifacts' });
    await panel.getByRole('heading', { name: 'Analysis Artifacts' }).waitFor();
    await screenshot(page, '17-mobile-artifacts-drawer');
  } finally {
    await context.close();
  }
});

/** The code an authenticator app shows for the secret at a moment (SHA-1, 6 digits, 30 s). */
function totpCode(secret: string, timestamp: number): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

test('turning on two-factor authentication makes the next password sign-in ask for the code', async () => {
  assert.ok(shared.signedInState, 'needs the signed-in session from the sign-up scenario');
  const context = await browser.newContext({ storageState: shared.signedInState, baseURL: BASE_URL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/analysis');
    await page.getByRole('navigation', { name: 'Analyses' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Account security' }).waitFor();
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();

    // What an authenticator app needs: the otpauth link, or the key typed by hand.
    const setupLink = await page.getByRole('link', { name: 'open the setup link' }).getAttribute('href');
    assert.match(setupLink ?? '', /^otpauth:\/\/totp\/Tally:.+\?issuer=Tally&secret=[A-Z2-7]{32}&/);
    const secret = ((await page.locator('dt', { hasText: 'Setup key' }).locator('+ dd').textContent()) ?? '').replace(/\s/g, '');
    assert.equal(new URL(setupLink ?? '').searchParams.get('secret'), secret, 'the key shown is the one in the link');
    await screenshot(page, '18-totp-enrolment');
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe on the enrolment step');

    const enrolledAt = Date.now();
    await page.getByLabel('Authentication code').fill(totpCode(secret, enrolledAt));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText('On. Signing in with your password also asks for a code from your authenticator app.').waitFor();
    await screenshot(page, '19-totp-on');

    // Sign out, then in again: the password alone is not enough.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(visitorEmail);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    const codeField = page.getByLabel('Authentication code');
    assert.equal(await codeField.evaluate((element) => element === document.activeElement), true, 'the code field has focus');
    await screenshot(page, '20-totp-sign-in');

    const right = totpCode(secret, Date.now());
    await codeField.fill(String((Number(right) + 500_000) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid TOTP code entered').waitFor();

    // The enrolment spent the current step's code, so the app's next one signs in.
    await codeField.fill(totpCode(secret, enrolledAt + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Welcome to Tally!' }).waitFor();
    await page.waitForURL('**/analysis', { timeout: UI_TIMEOUT_MS });
    const history = page.getByRole('navigation', { name: 'Analyses' });
    await history.getByRole('button', { name: /Comprehensive Analysis/ }).waitFor({ timeout: UI_TIMEOUT_MS });

    // Signed in with the code, the factor can be removed again.
    await history.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Turn off two-factor authentication?' }).getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Set up authenticator app' }).waitFor();
    assert.deepEqual(errors, [], 'no uncaught errors in the page');
  } finally {
    await context.close();
  }
});

test('axe finds no serious or critical accessibility violations on the main screens', async () => {
  await withPage(undefined, async (page) => {
    // Fade-ins would be measured half-transparent; reduced motion makes them instant.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const screens = ['/', '/sign-in', '/sign-up', `/analysis/${shared.analysisId}/${shared.accessToken}`, '/analysis', '/privacy'];
    for (const path of screens) {
      await page.goto(path);
      await page.locator('h1, h2').first().waitFor();
      if (path.startsWith('/analysis/')) await page.getByText('Analysis Complete!').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
      const violations = await seriousAxeViolations(page);
      assert.deepEqual(violations, [], `axe on ${path}`);
    }
  });
});

test('a signed-in call the server refuses, with a dead refresh token, signs the user out and says so', async () => {
  assert.ok(shared.signedInState, 'needs the signed-in session from the sign-up scenario');
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport, baseURL: BASE_URL, storageState: shared.signedInState });
    await context.route('https://challenges.cloudflare.com/**', (route) => route.abort());
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto('/');
      // A revoked session: the access token is refused (401) and the refresh token is dead.
      await page.evaluate(() => {
        const key = 'tally.auth.session';
        const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null;
        if (!stored) throw new Error('no stored session');
        window.localStorage.setItem(
          key,
          JSON.stringify({ ...stored, access_token: 'revoked.token.value', refresh_token: 'dead-refresh-token' }),
        );
      });
      await page.goto('/analysis');
      await page
        .getByRole('alert')
        .filter({ hasText: 'Your session has ended and you have been signed out. Please sign in again.' })
        .waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('tally.auth.session')), null, 'the session is removed');
      assert.equal(await page.getByRole('button', { name: /Sign Out/i }).count(), 0, 'no stale Sign Out');
      await screenshot(page, `14-signed-out-${viewport.width}`);
      assert.deepEqual(errors, [], 'no uncaught errors in the page');
    } finally {
      await context.close();
    }
  }
});
