/**
 * The memory a Worker isolate is billed for, as the bench measures it: the V8 heap in use,
 * the ArrayBuffers and other external memory, and the WebAssembly memory of the resvg
 * rasteriser while PNGs are rendered. A Worker's 128 MB limit counts all of them, so
 * `--max-old-space-size` (which caps only the heap) proves nothing on its own.
 *
 * The sum is `heapUsed + arrayBuffers + external + wasm`, as issue 15 defines it. Node's
 * `external` already includes `arrayBuffers` and every WebAssembly memory (measured: a
 * 32 MiB `WebAssembly.Memory` adds 32 MiB to `external` and nothing to `arrayBuffers`),
 * so this counts ArrayBuffers and resvg's memory twice: an upper bound. Counted once, the
 * billed memory is `heapUsed + external`, printed as `countedOnceMB` beside the parts.
 *
 * Use: `probe.phase('ingest', () => ingest(...))` runs one phase, sampling before and
 * after it; pass `probe.sample` as a progress callback to sample at every chunk too.
 */

/** Peak of one phase, in bytes. */
export interface PhasePeak {
  phase: string;
  seconds: number;
  peak: number;
  /** Peak of `heapUsed + external`: the same memory counted once (tracked on its own). */
  once: number;
  heapUsed: number;
  arrayBuffers: number;
  external: number;
  wasm: number;
}

const MB = 1024 * 1024;

/** Samples billed memory and keeps the peak per named phase. */
export class MemoryProbe {
  readonly phases: PhasePeak[] = [];
  private current: PhasePeak | null = null;
  /** WebAssembly memories to count (resvg's, once PNG rendering has started). */
  private readonly wasmMemories = new Set<() => number>();

  /** Counts a WebAssembly memory from now on; `bytes` reads its current size. */
  countWasm(bytes: () => number): void {
    this.wasmMemories.add(bytes);
  }

  /** Takes one sample into the current phase (cheap enough to call at every chunk). */
  readonly sample = (): void => {
    const phase = this.current;
    if (!phase) return;
    const m = process.memoryUsage();
    let wasm = 0;
    for (const bytes of this.wasmMemories) wasm += bytes();
    const sum = m.heapUsed + m.arrayBuffers + m.external + wasm;
    phase.once = Math.max(phase.once, m.heapUsed + m.external);
    if (sum > phase.peak)
      Object.assign(phase, { peak: sum, heapUsed: m.heapUsed, arrayBuffers: m.arrayBuffers, external: m.external, wasm });
  };

  /** Runs one phase, sampling before and after it, and records its peak and time. */
  async phase<T>(name: string, run: () => T | Promise<T>): Promise<T> {
    const phase: PhasePeak = { phase: name, seconds: 0, peak: 0, once: 0, heapUsed: 0, arrayBuffers: 0, external: 0, wasm: 0 };
    this.current = phase;
    this.phases.push(phase);
    this.sample();
    const started = performance.now();
    try {
      return await run();
    } finally {
      // A phase that throws (a file refused for its size) still reports how far it got.
      phase.seconds = (performance.now() - started) / 1000;
      this.sample();
      this.current = null;
    }
  }

  /** The highest peak over all phases, counted once (heapUsed + external), in bytes. */
  get peakCountedOnce(): number {
    return Math.max(0, ...this.phases.map((p) => p.once));
  }

  /** The highest peak over all phases, in bytes. */
  get peak(): number {
    return Math.max(0, ...this.phases.map((p) => p.peak));
  }

  /** One line per phase: time, peak sum, the peak counted once, and the parts at the sum's peak, in MB. */
  report(): string[] {
    return this.phases.map(
      (p) =>
        `phase=${p.phase} seconds=${p.seconds.toFixed(3)} peakMB=${(p.peak / MB).toFixed(1)} ` +
        `countedOnceMB=${(p.once / MB).toFixed(1)} ` +
        `(heapUsed=${(p.heapUsed / MB).toFixed(1)} arrayBuffers=${(p.arrayBuffers / MB).toFixed(1)} ` +
        `external=${(p.external / MB).toFixed(1)} wasm=${(p.wasm / MB).toFixed(1)})`,
    );
  }
}

/**
 * A full collection that is allowed to finish: V8 frees dropped ArrayBuffers' memory in a
 * sweep after the collection, so without the pause the next phase would still count the
 * aggregates (about 45 MB at 1M rows) that nothing holds any more.
 */
export async function settle(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc?.();
}
