/**
 * The analyst's plan (`TodoWrite`) as a live checklist. Once the run has ended (`running`
 * is false), a step still in progress is shown as stopped, not spinning: a failed run
 * (a file refused for its size, say) ends mid-step.
 */
import clsx from 'clsx';
import type { TodoItem } from '../../../../../worker/agent/messages';
import { CheckIcon } from '../../../components/ui/icons';

type StepStatus = TodoItem['status'] | 'stopped';

const SPOKEN: Record<StepStatus, string> = {
  completed: ' (completed)',
  in_progress: ' (in progress)',
  pending: ' (pending)',
  stopped: ' (stopped)',
};

export function TodoChecklist({ todos, running }: { todos: readonly TodoItem[]; running: boolean }) {
  const statusOf = (todo: TodoItem): StepStatus => (todo.status === 'in_progress' && !running ? 'stopped' : todo.status);
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
        {todos.map((todo) => {
          const status = statusOf(todo);
          return (
            <li key={todo.id} className="flex items-start gap-2.5 text-sm" data-status={status}>
              <StatusMark status={status} />
              <span
                className={clsx(
                  status === 'completed' && 'text-slate-400 line-through decoration-slate-500',
                  status === 'in_progress' && 'font-medium text-white',
                  status === 'stopped' && 'text-rose-200',
                  status === 'pending' && 'text-slate-300',
                )}
              >
                {todo.content}
                <span className="sr-only">{SPOKEN[status]}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function StatusMark({ status }: { status: StepStatus }) {
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
  if (status === 'stopped') {
    return (
      <span
        aria-hidden="true"
        className="mt-0.5 grid size-4 shrink-0 place-items-center rounded-full border-2 border-rose-400 text-[10px] font-bold leading-none text-rose-300"
      >
        !
      </span>
    );
  }
  return <span aria-hidden="true" className="mt-0.5 size-4 shrink-0 rounded-full border-2 border-slate-500" />;
}
