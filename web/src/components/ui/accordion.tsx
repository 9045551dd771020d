/** A disclosure list whose items open and close independently (SPEC §2 FAQ). */
import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import clsx from 'clsx';

export interface AccordionItem {
  question: string;
  answer: ReactNode;
}

export function Accordion({ items }: { items: readonly AccordionItem[] }) {
  return (
    <div className="divide-y divide-ink-600 overflow-hidden rounded-2xl border border-ink-600 bg-ink-800/60">
      {items.map((item) => (
        <AccordionRow key={item.question} item={item} />
      ))}
    </div>
  );
}

function AccordionRow({ item }: { item: AccordionItem }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-medium text-slate-100 hover:bg-ink-700/50"
        >
          {item.question}
          <ChevronDownIcon className={clsx('size-5 shrink-0 text-slate-400 transition-transform', open && 'rotate-180')} />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="px-5 pb-5 text-sm leading-relaxed text-slate-300">
        {item.answer}
      </div>
    </div>
  );
}
