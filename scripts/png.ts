/**
 * SVG → PNG for the CLI, with resvg (WebAssembly), for image viewers and email clients
 * that don't show SVG. Node only: it reads the wasm and a DejaVu Sans font from
 * node_modules, because resvg has no system fonts to fall back on.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg, initWasm } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);
let ready: Promise<Uint8Array[]> | null = null;

/** Loads the wasm once per process and returns the font buffers. */
function initialise(): Promise<Uint8Array[]> {
  ready ??= (async () => {
    await initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const fonts = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((name) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${name}`)));
    return (await Promise.all(fonts)).map((buffer) => new Uint8Array(buffer));
  })();
  return ready;
}

/** Renders an SVG document to PNG bytes at `width` pixels (height keeps the aspect ratio). */
export async function svgToPng(svg: string, width = 1200): Promise<Uint8Array> {
  const fontBuffers = await initialise();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    background: '#ffffff',
    font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  const png = resvg.render().asPng();
  resvg.free();
  return png;
}
