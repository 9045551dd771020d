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
let memory: WebAssembly.Memory | null = null;

/** Loads the wasm once per process and returns the font buffers. */
function initialise(): Promise<Uint8Array[]> {
  fonts ??= (async () => {
    // readFile returns a Buffer over a plain (never shared) ArrayBuffer.
    const wasm = (await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm'))) as Uint8Array<ArrayBuffer>;
    await initWasm(instantiateCapturingMemory(wasm));
    const files = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((name) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${name}`)));
    return (await Promise.all(files)).map((buffer) => new Uint8Array(buffer));
  })();
  return fonts;
}

/**
 * Instantiates resvg's module ourselves so that the bench can count its linear memory
 * (a Worker is billed for it): resvg's `initWasm` keeps its instance private, so its one
 * `WebAssembly.instantiate` call is wrapped to see the exported memory.
 */
async function instantiateCapturingMemory(bytes: Uint8Array<ArrayBuffer>): Promise<WebAssembly.Module> {
  const module = await WebAssembly.compile(bytes);
  const instantiate = WebAssembly.instantiate.bind(WebAssembly);
  // resvg instantiates the compiled module with its own imports; wrap that one call.
  WebAssembly.instantiate = (async (target: WebAssembly.Module, imports?: WebAssembly.Imports) => {
    WebAssembly.instantiate = instantiate;
    const instance = await instantiate(target, imports);
    const exported = instance.exports.memory;
    if (exported instanceof WebAssembly.Memory) memory = exported;
    return instance;
  }) as typeof WebAssembly.instantiate;
  return module;
}

/** Bytes of resvg's WebAssembly memory (0 before the first PNG). */
export function pngWasmBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}

/** Renders an SVG document to PNG bytes at `width` pixels. */
export async function svgToPng(svg: string, width = 1200): Promise<Uint8Array> {
  return rasterize(svg, await initialise(), width);
}
