/** The analyst's plan (`TodoWrite`) as a live checklist. */
import clsx from 'clsx';
import type { TodoItem } from '../../../../../worker/agent/messages';
import { CheckIcon } from '../../../components/ui/icons';

export function TodoChecklist({ todos }: { todos: readonly TodoItem[] }) {
  const done = todos.filter((todo) => todo.status === 'completed').length;
  return (
    <section aria-label="Analysis plan" className="rounded-xl border border-ink-600 bg-ink-800/70 p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-white">Analysis plan</h3>
        <span className="text-xs text-slate-400">
          {done} of {todos.length} done
        </span>
      </div>
      <div className="mb-3 h-1 overflow-hidden rounded-full bg-ink-700" aria-hidden="true">
        <div
          className="h-full rounded-full bg-emerald-400 transition-all"
          style={{ width: `${todos.length ? (done / todos.length) * 100 : 0}%` }}
        />
      </div>
      <ul className="space-y-2">
        {todos.map((todo) => (
          <li key={todo.id} className="flex items-start gap-2.5 text-sm" data-status={todo.status}>
            <StatusMark status={todo.status} />
            <span
              className={clsx(
                todo.status === 'completed' && 'text-slate-400 line-through decoration-slate-500',
                todo.status === 'in_progress' && 'font-medium text-white',
                todo.status === 'pending' && 'text-slate-300',
              )}
            >
              {todo.content}
              <span className="sr-only">
                {todo.status === 'completed' ? ' (completed)' : todo.status === 'in_progress' ? ' (in progress)' : ' (pending)'}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function StatusMark({ status }: { status: TodoItem['status'] }) {
  if (status === 'completed') {
    return (
      <span aria-hidden="true" className="mt-0.5 grid size-4 shrink-0 place-items-center rounded-full bg-emerald-500 text-ink-950">
        <CheckIcon className="size-3" strokeWidth={3} />
      </span>
    );
  }
  if (status === 'in_progress') {
    return (
      <span
        aria-hidden="true"
        className="mt-0.5 size-4 shrink-0 animate-spin rounded-full border-2 border-indigo-300/30 border-t-indigo-300"
      />
    );
  }
  return <span aria-hidden="true" className="mt-0.5 size-4 shrink-0 rounded-full border-2 border-slate-500" />;
}
