/**
 * Derivative-free minimisation (Nelder & Mead 1965, with the standard coefficients
 * reflection 1, expansion 2, contraction ½, shrink ½), restarted from the best point
 * until restarts stop improving — the usual remedy for the method's premature collapse.
 */

export interface MinimizeOptions {
  /** Initial step per coordinate. */
  step?: number;
  /** Stop when the simplex's objective spread falls below this (absolute)… */
  tolerance?: number;
  /** …and every vertex is within this of the best one, in each coordinate. */
  xTolerance?: number;
  /** Evaluation budget per Nelder–Mead run. */
  maxEvaluations?: number;
  restarts?: number;
  /** Points with any coordinate beyond ±bound count as +∞ (keeps log-parameters finite). */
  bound?: number;
}

export interface MinimizeResult {
  x: number[];
  value: number;
  evaluations: number;
}

/** Minimises `f` from `start`; non-finite values count as +∞ (outside the feasible set). */
export function minimize(f: (x: number[]) => number, start: number[], options: MinimizeOptions = {}): MinimizeResult {
  const bound = options.bound ?? Number.POSITIVE_INFINITY;
  const safe = (x: number[]): number => {
    if (x.some((v) => Math.abs(v) > bound)) return Number.POSITIVE_INFINITY;
    const value = f(x);
    return Number.isFinite(value) ? value : Number.POSITIVE_INFINITY;
  };
  let best: MinimizeResult = { x: start.slice(), value: safe(start), evaluations: 1 };
  const restarts = options.restarts ?? 3;
  for (let round = 0; round <= restarts; round++) {
    const next = nelderMead(safe, best.x, options);
    const improved = best.value - next.value;
    best = { x: next.x, value: next.value, evaluations: best.evaluations + next.evaluations };
    if (round > 0 && improved < (options.tolerance ?? 1e-10)) break;
  }
  return best;
}

function nelderMead(f: (x: number[]) => number, start: number[], options: MinimizeOptions): MinimizeResult {
  const n = start.length;
  const step = options.step ?? 0.5;
  const tolerance = options.tolerance ?? 1e-10;
  const xTolerance = options.xTolerance ?? 1e-7;
  const maxEvaluations = options.maxEvaluations ?? 2000;
  const points: number[][] = [start.slice()];
  for (let i = 0; i < n; i++) {
    const p = start.slice();
    p[i] += step;
    points.push(p);
  }
  const values = points.map(f);
  let evaluations = n + 1;
  const order = points.map((_, i) => i);
  while (evaluations < maxEvaluations) {
    order.sort((i, j) => values[i] - values[j]);
    const bestI = order[0];
    const worstI = order[n];
    const secondWorstI = order[n - 1];
    if (Math.abs(values[worstI] - values[bestI]) <= tolerance && simplexSize(points, bestI) <= xTolerance) break;
    const centroid = new Array<number>(n).fill(0);
    for (const i of order.slice(0, n)) for (let d = 0; d < n; d++) centroid[d] += points[i][d] / n;
    const along = (t: number): number[] => centroid.map((c, d) => c + t * (points[worstI][d] - c));
    const reflected = along(-1);
    const fr = f(reflected);
    evaluations++;
    if (fr < values[bestI]) {
      const expanded = along(-2);
      const fe = f(expanded);
      evaluations++;
      if (fe < fr) replace(points, values, worstI, expanded, fe);
      else replace(points, values, worstI, reflected, fr);
    } else if (fr < values[secondWorstI]) {
      replace(points, values, worstI, reflected, fr);
    } else {
      const outside = fr < values[worstI];
      const contracted = along(outside ? -0.5 : 0.5);
      const fc = f(contracted);
      evaluations++;
      if (fc < (outside ? fr : values[worstI])) {
        replace(points, values, worstI, contracted, fc);
      } else {
        for (const i of order.slice(1)) {
          points[i] = points[i].map((v, d) => points[bestI][d] + 0.5 * (v - points[bestI][d]));
          values[i] = f(points[i]);
          evaluations++;
        }
      }
    }
  }
  let bestIndex = 0;
  for (let i = 1; i <= n; i++) if (values[i] < values[bestIndex]) bestIndex = i;
  return { x: points[bestIndex], value: values[bestIndex], evaluations };
}

function replace(points: number[][], values: number[], index: number, point: number[], value: number): void {
  points[index] = point;
  values[index] = value;
}

function simplexSize(points: number[][], bestIndex: number): number {
  let size = 0;
  for (const p of points) for (let d = 0; d < p.length; d++) size = Math.max(size, Math.abs(p[d] - points[bestIndex][d]));
  return size;
}
