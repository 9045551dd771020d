/** `POST /api/claim-analyses` (bearer): moves earlier anonymous analyses onto the account. */
import { requestJson } from '../../../lib/api-client';

/** Errors are only logged (SPEC §7, §8). */
export async function claimAnalyses(): Promise<number> {
  try {
    const body = await requestJson<{ claimed_count: number }>('/claim-analyses', { method: 'POST' });
    return body.claimed_count;
  } catch (error) {
    console.warn('Claiming earlier analyses failed', error);
    return 0;
  }
}
