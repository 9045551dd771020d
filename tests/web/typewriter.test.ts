import { describe, expect, it } from 'vitest';
import {
  HEADLINE_WORDS,
  INITIAL_TYPEWRITER,
  nextTypewriterStep,
  type TypewriterState,
} from '../../web/src/features/landing/utils/typewriter';

function run(steps: number) {
  let state: TypewriterState = INITIAL_TYPEWRITER;
  const trace: { text: string; delayMs: number }[] = [];
  for (let i = 0; i < steps; i++) {
    const next = nextTypewriterStep(state);
    trace.push({ text: next.state.text, delayMs: next.delayMs });
    state = next.state;
  }
  return trace;
}

describe('the hero typing headline', () => {
  it('cycles customer data, segments, demographics, insights', () => {
    expect(HEADLINE_WORDS).toEqual(['customer data', 'segments', 'demographics', 'insights']);
  });

  it('types the first word at 120 ms, holds 2 s, deletes at 80 ms, waits 500 ms, types the next at 100 ms', () => {
    const trace = run(13 + 1 + 13 + 1 + 1);
    expect(trace[12]).toEqual({ text: 'customer data', delayMs: 120 });
    expect(trace[13]).toEqual({ text: 'customer data', delayMs: 2000 });
    expect(trace[14]).toEqual({ text: 'customer dat', delayMs: 80 });
    expect(trace[26]).toEqual({ text: '', delayMs: 80 });
    expect(trace[27]).toEqual({ text: '', delayMs: 500 });
    expect(trace[28]).toEqual({ text: 's', delayMs: 100 });
  });
});
