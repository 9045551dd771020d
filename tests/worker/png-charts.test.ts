import { describe, expect, it } from 'vitest';
import { call, readAnalysis, runJob, uploadOk } from './helpers';

describe('PNG charts from the job', () => {
  it('stores the key charts also as PNG, served by /api/artifact-image', async () => {
    const { analysis_id, access_token } = await uploadOk();
    await runJob(analysis_id);
    const { artifacts } = await readAnalysis(analysis_id, access_token);
    const png = artifacts.find((a) => a.file_name === 'top-customers.png');
    expect(png).toMatchObject({ artifact_type: 'chart' });

    const response = await call(`/api/artifact-image/${png?.id}?access_token=${access_token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR width, big-endian, at byte 16.
    expect(new DataView(bytes.buffer).getUint32(16)).toBe(1200);
    // Text and bars were drawn: a blank white image compresses to a few hundred bytes.
    expect(bytes.byteLength).toBeGreaterThan(5000);
  });
});
