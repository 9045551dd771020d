/** 'Turn your ▌customer data into decisions' — typed, held, deleted, next word. */
import { useEffect, useState } from 'react';
import { HEADLINE_WORDS, INITIAL_TYPEWRITER, nextTypewriterStep, type TypewriterState } from '../utils/typewriter';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function TypingHeadline() {
  const [reduced] = useState(prefersReducedMotion);
  const [state, setState] = useState<TypewriterState>(INITIAL_TYPEWRITER);

  useEffect(() => {
    if (reduced) return;
    const { state: next, delayMs } = nextTypewriterStep(state);
    const timer = setTimeout(() => setState(next), delayMs);
    return () => clearTimeout(timer);
  }, [state, reduced]);

  const text = reduced ? HEADLINE_WORDS[0] : state.text;
  const firstWord = reduced || state.wordIndex === 0;
  return (
    <div>
      <h1 className="text-4xl font-semibold tracking-tight text-white sm:text-5xl lg:text-6xl">
        <span className="sr-only">Turn your customer data, segments, demographics and insights into decisions</span>
        <span aria-hidden="true">
          Turn your <span className="bg-gradient-to-r from-indigo-300 via-violet-300 to-sky-300 bg-clip-text text-transparent">{text}</span>
          <span className="ml-0.5 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] animate-blink bg-indigo-300" />
          <br />
          into decisions
        </span>
      </h1>
      <p
        aria-hidden="true"
        className={`mt-3 h-5 text-sm text-slate-400 transition-opacity ${firstWord && text ? 'opacity-100' : 'opacity-0'}`}
      >
        …demographics, purchase history and behavior
      </p>
    </div>
  );
}
