/**
 * The question sent with an upload follows the chat message rule (SPEC §5) on both upload
 * paths: up to 2,000 characters after trimming is kept whole; longer is refused with the
 * spec's text, never silently cut.
 */
import { describe, expect, it } from 'vitest';
import { DUMMY_TOKEN, call, readAnalysis, upload, uniqueEmail } from './helpers';

const TOO_LONG = { error: 'Message too long. Maximum 2000 characters allowed.', code: 'INVALID_MESSAGE' };

function startChunked(message: string) {
  return call('/api/uploads', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fileName: 'big.csv', fileSize: 100, email: uniqueEmail(), message, captchaToken: DUMMY_TOKEN }),
  });
}

describe('the upload message length', () => {
  it('refuses 5,000 characters on the single-request upload with the spec text', async () => {
    const response = await upload({ message: 'x'.repeat(5000) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(TOO_LONG);
  });

  it('refuses 2,001 characters on the chunked start with the same text', async () => {
    const response = await startChunked('x'.repeat(2001));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(TOO_LONG);
  });

  it('refuses 5,000 characters on the chunked start with the same text', async () => {
    const response = await startChunked('x'.repeat(5000));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(TOO_LONG);
  });

  it('keeps exactly 2,000 characters (plus surrounding spaces) whole on both paths', async () => {
    const message = `  ${'y'.repeat(2000)}  `;
    const single = await upload({ message });
    expect(single.status).toBe(200);
    const { analysis_id, access_token } = await single.json<{ analysis_id: string; access_token: string }>();
    expect((await readAnalysis(analysis_id, access_token)).analysis.initial_message).toBe('y'.repeat(2000));
    expect((await startChunked(message)).status).toBe(201);
  });
});
