import { describe, expect, it } from 'vitest';
import { call, readAnalysis, runJob, uploadOk } from './helpers';

/** Asks as the visitor who uploaded: the owner token from the upload answer, in its header. */
function chat(id: string, ownerToken: string, message: unknown): Promise<Response> {
  return call(`/api/analysis/${id}/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Owner-Token': ownerToken },
    body: JSON.stringify({ message }),
  });
}

const textOf = (content: unknown) => JSON.stringify(content);

describe('POST /api/analysis/:id/chat', () => {
  it('appends the question and the analyst’s answer to the transcript', async () => {
    const { analysis_id, access_token, owner_token } = await uploadOk();
    await runJob(analysis_id);
    const before = (await readAnalysis(analysis_id, access_token)).messages.length;

    const response = await chat(analysis_id, owner_token, '  Who are my top customers?  ');
    expect(response.status).toBe(200);
    const after = (await readAnalysis(analysis_id, access_token)).messages;
    const added = after.slice(before);
    expect(added[0].message_type).toBe('user');
    expect(textOf(added[0].content)).toContain('"text":"Who are my top customers?"');
    expect(added.at(-1)?.message_type).toBe('assistant');
    // The answer names the biggest customer of the fixture (17850: 2 lines, 35.64).
    expect(textOf(added.slice(1))).toContain('17850');
    expect(after.map((m) => m.seq)).toEqual([...after.keys()]);
  });

  it("rejects a blank message with 'Message cannot be empty'", async () => {
    const { analysis_id, owner_token } = await uploadOk();
    await runJob(analysis_id);
    const response = await chat(analysis_id, owner_token, '   ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Message cannot be empty', code: 'INVALID_MESSAGE' });
  });

  it("rejects 2,001 characters with 'Message too long. Maximum 2000 characters allowed.'", async () => {
    const { analysis_id, owner_token } = await uploadOk();
    await runJob(analysis_id);
    const response = await chat(analysis_id, owner_token, 'x'.repeat(2001));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Message too long. Maximum 2000 characters allowed.', code: 'INVALID_MESSAGE' });
  });

  it('answers 409 while the analysis is still running', async () => {
    const { analysis_id, owner_token } = await uploadOk();
    const response = await chat(analysis_id, owner_token, 'Hello?');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'The analysis is still running. Please wait for it to finish.', code: 'BUSY' });
  });

  it('answers 409 to a second question while a reply is running', async () => {
    const { analysis_id, owner_token } = await uploadOk();
    await runJob(analysis_id);
    const [first, second] = await Promise.all([
      chat(analysis_id, owner_token, 'What is my revenue?'),
      chat(analysis_id, owner_token, 'Which products sell best?'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(await refused.json()).toEqual({ error: 'Please wait for the current reply to finish.', code: 'BUSY' });
  });

  it('requires the owner or the secure link', async () => {
    const { analysis_id } = await uploadOk();
    const response = await call(`/api/analysis/${analysis_id}/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'hi' }),
    });
    expect(response.status).toBe(401);
    expect((await response.json<{ code: string }>()).code).toBe('AUTH_REQUIRED');
  });
});
