/**
 * The currency setting of an analysis (issue 14 item 9): the uploader may name the currency
 * (ISO 4217) on either upload path; it is stored with the analysis, returned in its JSON,
 * and the job formats every amount with it instead of what the file shows. A bad code is a
 * 400 before anything is started.
 *
 * The file shows no currency at all (no sign, code, money header or priced product name), so
 * without the setting its amounts would carry no symbol.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { analysisJsonKey, artifactKey, dashboardKey } from '../../worker/analyses/keys';
import { DUMMY_TOKEN, askOwner, call, readAnalysis, runJob, uniqueEmail, upload, uploadOk, type UploadAnswer } from './helpers';

const PLAIN_CSV = [
  'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Country',
  '1001,A1,Blue Mug,6,2024-03-01 09:00:00,2.55,C1,France',
  '1001,A2,Tea Towel,6,2024-03-01 09:00:00,3.39,C1,France',
  '1002,A3,Egg Cup,6,2024-03-02 10:00:00,1.85,C2,France',
  '',
].join('\n');
// By hand: 6 × 2.55 + 6 × 3.39 + 6 × 1.85 = 15.30 + 20.34 + 11.10 = 46.74
const TOTAL_IN_EUROS = '€46.74';
const BAD_CURRENCY = {
  error: 'Currency must be a three-letter ISO 4217 code such as EUR, USD or GBP, or empty to detect it from the file.',
  code: 'INVALID_CURRENCY',
};

const plainFile = () => new File([PLAIN_CSV], 'plain.csv', { type: 'text/csv' });
const text = async (key: string) => (await env.FILES.get(key))?.text() ?? '';

async function storedCurrency(analysisId: string): Promise<string | null | undefined> {
  const row = await env.DB.prepare('select currency from analyses where id = ?').bind(analysisId).first<{ currency: string | null }>();
  return row?.currency;
}

describe('the currency setting', () => {
  it('formats every amount of a file without a currency sign in the chosen EUR', async () => {
    const { analysis_id, access_token } = await uploadOk({ file: plainFile(), currency: 'EUR', message: '' });
    await runJob(analysis_id);

    const payload = await readAnalysis(analysis_id, access_token);
    expect(payload.analysis.status).toBe('completed');
    expect(payload.analysis.currency).toBe('EUR');

    const result = JSON.parse(await text(analysisJsonKey(analysis_id))) as { dataset: { currency: string | null } };
    expect(result.dataset.currency).toBe('EUR');
    expect(await text(artifactKey(analysis_id, 'executive-summary.md'))).toContain(`| Revenue | ${TOTAL_IN_EUROS} |`);
    const dashboard = await text(dashboardKey(analysis_id));
    expect(dashboard).toContain(TOTAL_IN_EUROS);
    expect(dashboard).toContain('Amounts in EUR (€).');
    expect(dashboard).not.toContain('All amounts in the file&#39;s currency.');
  });

  it("writes a chat query's money column in the chosen EUR", async () => {
    const { analysis_id, access_token, owner_token } = await uploadOk({ file: plainFile(), currency: 'EUR', message: '' });
    await runJob(analysis_id);

    const { answer } = await askOwner(analysis_id, access_token, owner_token, 'Revenue by month in 2024');
    expect(answer).toContain(`| 2024-03 | ${TOTAL_IN_EUROS} |`);
  });

  it('leaves the same file without a symbol when no currency is chosen ("Detect from file")', async () => {
    const { analysis_id, access_token } = await uploadOk({ file: plainFile(), currency: '', message: '' });
    await runJob(analysis_id);

    const payload = await readAnalysis(analysis_id, access_token);
    expect(payload.analysis.currency).toBeNull();
    expect(await text(artifactKey(analysis_id, 'executive-summary.md'))).toContain('| Revenue | 46.74 |');
    expect(await text(dashboardKey(analysis_id))).toContain('All amounts in the file&#39;s currency.');
  });

  it('accepts a lower-case code and stores it upper case', async () => {
    const { analysis_id } = await uploadOk({ file: plainFile(), currency: 'chf' });
    expect(await storedCurrency(analysis_id)).toBe('CHF');
  });

  it.each(['EURO', 'XYZ', '€', 'usd;drop'])("rejects the single upload's currency %j with 400 INVALID_CURRENCY", async (code) => {
    const response = await upload({ file: plainFile(), currency: code });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(BAD_CURRENCY);
  });

  it('rejects a bad currency when a chunked upload starts, and carries a good one through to the analysis', async () => {
    const start = (currency: string) =>
      call('/api/uploads', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          fileName: 'plain.csv',
          fileSize: PLAIN_CSV.length,
          email: uniqueEmail(),
          currency,
          captchaToken: DUMMY_TOKEN,
        }),
      });
    const refused = await start('Dollars');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(BAD_CURRENCY);

    const started = await start('GBP');
    expect(started.status).toBe(201);
    const plan = (await started.json()) as { upload_id: string; upload_token: string };
    const part = await call(`/api/uploads/${plan.upload_id}/parts/1`, {
      method: 'PUT',
      headers: { 'X-Upload-Token': plan.upload_token, 'Content-Length': String(PLAIN_CSV.length) },
      body: PLAIN_CSV,
    });
    expect(part.status).toBe(200);
    const done = await call(`/api/uploads/${plan.upload_id}/complete`, {
      method: 'POST',
      headers: { 'X-Upload-Token': plan.upload_token },
    });
    expect(done.status).toBe(200);
    const answer = (await done.json()) as UploadAnswer;
    expect(await storedCurrency(answer.analysis_id)).toBe('GBP');
  });
});
