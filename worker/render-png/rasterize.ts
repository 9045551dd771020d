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
    return resvg.render().asPng();
  } finally {
    resvg.free();
  }
}
