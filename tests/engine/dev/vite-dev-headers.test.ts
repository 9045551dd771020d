/**
 * Under `vite dev` the SPA's pages come from Vite, not the Worker (issue 11, item 11): they
 * must still carry production's nosniff, referrer, framing and opener headers.
 */
import { describe, expect, it } from 'vitest';
import config from '../../../vite.config';

describe('vite dev server headers', () => {
  it("sends production's baseline document headers on every page it serves", () => {
    expect(config.server?.headers).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    });
  });
});
