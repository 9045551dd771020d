/**
 * The upload route refuses a part whose headers pass 8 KB (issue 11, item 10: a 9 KB
 * filename header arriving in one chunk got past the cap, which was only checked while
 * waiting for more bytes).
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, DUMMY_TOKEN, uniqueEmail } from './helpers';

const BOUNDARY = '----TallyHeaderCap';

function uploadWithFileHeader(header: string): Promise<Response> {
  const body =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${uniqueEmail()}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="captchaToken"\r\n\r\n${DUMMY_TOKEN}\r\n` +
    `--${BOUNDARY}\r\n${header}\r\nContent-Type: text/csv\r\n\r\nCustomer,Amount\r\nA,1\r\n` +
    `--${BOUNDARY}--\r\n`;
  return call('/api/upload-to-spaces', {
    method: 'POST',
    body: new TextEncoder().encode(body),
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

describe('POST /api/upload-to-spaces with oversized part headers', () => {
  it("refuses a 9 KB filename header with 400 'part headers too large' and stores nothing", async () => {
    const before = (await env.FILES.list({ prefix: 'uploads/' })).objects.length;
    const response = await uploadWithFileHeader(`Content-Disposition: form-data; name="file"; filename="${'a'.repeat(9 * 1024)}.csv"`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Malformed multipart body: part headers too large', code: 'BAD_MULTIPART' });
    expect((await env.FILES.list({ prefix: 'uploads/' })).objects.length).toBe(before);
  });

  it('still accepts an ordinary file part', async () => {
    const response = await uploadWithFileHeader('Content-Disposition: form-data; name="file"; filename="sales.csv"');
    expect(response.status).toBe(200);
  });
});
