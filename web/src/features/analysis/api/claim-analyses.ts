/** `POST /api/claim-analyses` (bearer): moves earlier anonymous analyses onto the account. */
import { api, okJson } from '../../../lib/api-client';

/** Errors are only logged (SPEC §7, §8). */
export async function claimAnalyses(): Promise<number> {
  try {
    const body = await okJson(api['claim-analyses'].$post());
    return body.claimed_count;
  } catch (error) {
    console.warn('Claiming earlier analyses failed', error);
    return 0;
  }
}
