import { describe, expect, it } from 'vitest';
import { pngWasmBytes, svgToPng } from '../../../scripts/png';

/** A chart of the job's usual size: 720 × 320, drawn at 1200 px wide (a 2.4 MB pixmap). */
function chart(bars: number): string {
  const rects = Array.from(
    { length: bars },
    (_, i) => `<rect x="${40 + i * 60}" y="${300 - i * 20}" width="40" height="${i * 20}" fill="#2563eb"/>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 320" width="720" height="320">` +
    `<text x="20" y="24" font-size="16">Revenue by month</text>${rects.join('')}</svg>`
  );
}

describe('PNG charts and the WebAssembly memory', () => {
  it('frees each rendered image, so rendering many charts does not grow the memory a chart at a time', async () => {
    // WebAssembly memory never shrinks, and a Worker is billed for it: an image left to the
    // finalizer kept its pixmap there, 2–5 MB a chart (45.7 MB after the job's 11 charts).
    for (let i = 0; i < 3; i++) await svgToPng(chart(8));
    const warmed = pngWasmBytes();
    for (let i = 0; i < 12; i++) await svgToPng(chart(8 + (i % 3)));
    expect(warmed).toBeGreaterThan(0);
    expect(pngWasmBytes()).toBe(warmed);
  });
});
