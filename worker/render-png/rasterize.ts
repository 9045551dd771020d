/**
 * The one place that turns an SVG chart into PNG bytes with resvg. Callers initialise the
 * wasm their own way (a bundled module in Workers, a file read in Node) and pass fonts.
 */
import { Resvg } from '@resvg/resvg-wasm';

/** Renders an SVG document to PNG at `width` pixels (height keeps the aspect ratio). */
export function rasterize(svg: string, fontBuffers: Uint8Array[], width = 1200): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    background: '#ffffff',
    font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  try {
    // The rendered image holds the pixmap (1200 × 533 × 4 bytes for a 720 × 320 chart) in
    // the wasm memory, which never shrinks: left to the finalizer, every chart added its
    // pixmap to it (45.7 MB after the job's 11 charts; one chart's worth freed now).
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
