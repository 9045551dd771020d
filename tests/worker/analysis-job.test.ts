import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { FAILED_AFTER_RETRIES, type AnalysisJob } from '../../durable-objects/analysis-job';
import { call, readAnalysis, runJob, uniqueEmail, uploadOk } from './helpers';

const stubFor = (id: string) => env.ANALYSIS_JOB.getByName(id);

async function status(id: string): Promise<string | undefined> {
  const row = await env.DB.prepare('select status from analyses where id = ?').bind(id).first<{ status: string }>();
  return row?.status;
}

describe('AnalysisJob', () => {
  it('moves initializing → analyzing → completed on its alarm, outliving the upload request', async () => {
    const { analysis_id } = await uploadOk();
    expect(await status(analysis_id)).toBe('initializing');
    expect(await runDurableObjectAlarm(stubFor(analysis_id))).toBe(true);
    expect(await status(analysis_id)).toBe('completed');
    // Nothing left scheduled once the job is done.
    expect(await runDurableObjectAlarm(stubFor(analysis_id))).toBe(false);
  });

  it('emails the analysis-ready message once, with a dashboard link that works', async () => {
    const email = uniqueEmail();
    const { analysis_id, access_token } = await uploadOk({ email });
    await runJob(analysis_id);
    // A stray second alarm must not send it again.
    await runInDurableObject(stubFor(analysis_id), (_i: AnalysisJob, state) => state.storage.setAlarm(Date.now()));
    await runDurableObjectAlarm(stubFor(analysis_id));

    const { results } = await env.DB.prepare('select subject, text_body from outbox where to_address = ?')
      .bind(email)
      .all<{ subject: string; text_body: string }>();
    expect(results.map((r) => r.subject)).toEqual(['Your Tally analysis of sales.csv is ready']);
    const link = `/dashboard/${analysis_id}/${access_token}`;
    expect(results[0].text_body).toContain(link);
    const dashboard = await call(link);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('<!doctype html>');
  });

  it('restarts from the beginning after an eviction mid-run and duplicates nothing', async () => {
    const { analysis_id, access_token } = await uploadOk();
    const stub = stubFor(analysis_id);
    // A first attempt that got as far as two transcript messages before the object was evicted:
    // the attempt is counted and its watchdog alarm is pending, as `alarm()` leaves them.
    await runInDurableObject(stub, async (_instance: AnalysisJob, state) => {
      await state.storage.put('attempts', 1);
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    await env.DB.batch([
      env.DB.prepare("update analyses set status = 'analyzing' where id = ?").bind(analysis_id),
      env.DB.prepare(
        "insert into messages (id, analysis_id, seq, message_type, content) values (?, ?, 0, 'assistant', '\"partial plan\"')",
      ).bind(`${analysis_id}:0`, analysis_id),
      env.DB.prepare(
        "insert into messages (id, analysis_id, seq, message_type, content) values (?, ?, 1, 'assistant', '\"partial step\"')",
      ).bind(`${analysis_id}:1`, analysis_id),
    ]);
    await evictDurableObject(stub);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const payload = await readAnalysis(analysis_id, access_token);
    expect(payload.analysis.status).toBe('completed');
    const ids = payload.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(payload.messages.map((m) => m.seq)).toEqual([...ids.keys()]);
    // The re-run overwrote the partial messages instead of appending after them.
    expect(JSON.stringify(payload.messages)).not.toContain('partial plan');
    expect(JSON.stringify(payload.messages)).not.toContain('partial step');
    const attempts = await runInDurableObject(stub, (_i: AnalysisJob, state) => state.storage.get<number>('attempts'));
    expect(attempts).toBe(2);

    // Running the job again (a stray alarm) changes nothing.
    await runInDurableObject(stub, (_i: AnalysisJob, state) => state.storage.setAlarm(Date.now()));
    await runDurableObjectAlarm(stub);
    expect((await readAnalysis(analysis_id, access_token)).messages).toEqual(payload.messages);
  });

  it('gives up after 3 attempts with a message the user understands', async () => {
    const { analysis_id, access_token } = await uploadOk();
    const stub = stubFor(analysis_id);
    await runInDurableObject(stub, (_i: AnalysisJob, state) => state.storage.put('attempts', 3));
    await runDurableObjectAlarm(stub);
    const payload = await readAnalysis(analysis_id, access_token);
    expect(payload.analysis.status).toBe('error');
    expect(payload.analysis.error).toBe(FAILED_AFTER_RETRIES);
    expect(payload.messages.at(-1)).toMatchObject({ message_type: 'system', content: `Analysis failed: ${FAILED_AFTER_RETRIES}` });
  });

  it('fails at once, without retrying, when the uploaded file is gone', async () => {
    const { analysis_id, access_token, spaces_key } = await uploadOk();
    await env.FILES.delete(spaces_key);
    await runJob(analysis_id);
    const payload = await readAnalysis(analysis_id, access_token);
    expect(payload.analysis.status).toBe('error');
    expect(payload.analysis.error).toBe('The uploaded file could not be found. Please upload it again.');
    expect(await runDurableObjectAlarm(stubFor(analysis_id))).toBe(false);
  });

  it('pushes status changes and messages to a WebSocket subscriber', async () => {
    const { analysis_id, access_token } = await uploadOk();
    const response = await call(`/api/analysis/${analysis_id}/live?access_token=${access_token}`, {
      headers: { Upgrade: 'websocket' },
    });
    expect(response.status).toBe(101);
    const socket = response.webSocket;
    if (!socket) throw new Error('no socket');
    socket.accept();
    const events: { type: string; status?: string }[] = [];
    const completed = new Promise<void>((resolve) => {
      socket.addEventListener('message', (event) => {
        const parsed = JSON.parse(String(event.data)) as { type: string; status?: string };
        events.push(parsed);
        if (parsed.type === 'status' && parsed.status === 'completed') resolve();
      });
    });
    await runJob(analysis_id);
    await completed;
    socket.close(1000, 'done');
    const statuses = events.filter((e) => e.type === 'status').map((e) => e.status);
    expect(statuses).toEqual(['initializing', 'analyzing', 'completed']);
    expect(events.some((e) => e.type === 'message')).toBe(true);
  });

  it('refuses a WebSocket subscription without a valid token', async () => {
    const { analysis_id } = await uploadOk();
    const response = await call(`/api/analysis/${analysis_id}/live?access_token=wrong`, { headers: { Upgrade: 'websocket' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'Please sign in or create a free account to view this analysis',
      code: 'AUTH_REQUIRED',
    });
  });
});
