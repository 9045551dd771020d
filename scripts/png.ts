/**
 * SVG → PNG for the CLI: the same rasteriser as the Worker, with the wasm and the DejaVu
 * Sans fonts read from node_modules.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm } from '@resvg/resvg-wasm';
import { rasterize } from '../worker/render-png/rasterize';

const require = createRequire(import.meta.url);
let fonts: Promise<Uint8Array[]> | null = null;

/** Loads the wasm once per process and returns the font buffers. */
function initialise(): Promise<Uint8Array[]> {
  fonts ??= (async () => {
    await initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const files = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((name) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${name}`)));
    return (await Promise.all(files)).map((buffer) => new Uint8Array(buffer));
  })();
  return fonts;
}

/** Renders an SVG document to PNG bytes at `width` pixels. */
export async function svgToPng(svg: string, width = 1200): Promise<Uint8Array> {
  return rasterize(svg, await initialise(), width);
}
