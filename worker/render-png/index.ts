/**
 * SVG → PNG inside the Workers runtime, with resvg compiled to WebAssembly, for email
 * clients and image viewers that don't show SVG. Kept outside the pure engine because it
 * needs the wasm module and a bundled font (Workers have no system fonts).
 */
import { initWasm } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import dejaVuSans from './dejavu-sans.bin';
import { rasterize } from './rasterize';

let ready: Promise<void> | null = null;

/** Renders an SVG document to PNG bytes at `width` pixels. */
export async function svgToPng(svg: string, width = 1200): Promise<Uint8Array> {
  // The wasm instance is per isolate; initialise it once.
  ready ??= initWasm(resvgWasm);
  await ready;
  return rasterize(svg, [new Uint8Array(dejaVuSans)], width);
}
