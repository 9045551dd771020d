/** The transcript: every content kind the analyst writes (SPEC §2 message list). */
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Markdown } from '../../../components/ui/markdown';
import { AlertIcon, InfoIcon, SparklesIcon } from '../../../components/ui/icons';
import type { TranscriptItem } from '../utils/transcript';
import { ChartImage } from './chart-image';
import { TodoChecklist } from './todo-checklist';
import { ToolResultNote, ToolStep } from './tool-step';

interface MessageListProps {
  items: readonly TranscriptItem[];
  running: boolean;
  accessToken: string | null;
}

export function MessageList({ items, running, accessToken }: MessageListProps) {
  return (
    <ol className="space-y-4" aria-label="Analysis transcript">
      {items.map((item) => (
        <li key={item.id} className="animate-fade-in" data-kind={item.kind}>
          <MessageItem item={item} running={running} accessToken={accessToken} />
        </li>
      ))}
    </ol>
  );
}

function MessageItem({ item, running, accessToken }: { item: TranscriptItem; running: boolean; accessToken: string | null }) {
  switch (item.kind) {
    case 'user':
      return (
        <div className="flex justify-end">
          <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-indigo-600 px-4 py-2.5 text-sm text-white shadow-sm">
            {item.text}
          </div>
        </div>
      );
    case 'assistant':
      return (
        <AssistantRow>
          <Markdown>{item.text}</Markdown>
        </AssistantRow>
      );
    case 'system':
      return <SystemNote text={item.text} tone={item.tone} />;
    case 'tool':
      return (
        <AssistantRow compact>
          <ToolStep name={item.name} input={item.input} result={item.result} running={running} />
        </AssistantRow>
      );
    case 'tool-result':
      return (
        <AssistantRow compact>
          <ToolResultNote result={item.result} />
        </AssistantRow>
      );
    case 'todo':
      return (
        <AssistantRow compact>
          <TodoChecklist todos={item.todos} running={running} />
        </AssistantRow>
      );
    case 'image':
      return (
        <AssistantRow compact>
          <ChartImage artifactId={item.artifactId} alt={item.alt} accessToken={accessToken} />
        </AssistantRow>
      );
  }
}

function AssistantRow({ children, compact }: { children: ReactNode; compact?: boolean }) {
  return (
    <div className="flex gap-3">
      <span
        aria-hidden="true"
        className={clsx(
          'grid size-7 shrink-0 place-items-center rounded-full bg-gradient-to-br from-indigo-400 to-violet-500 text-white',
          compact && 'invisible',
        )}
      >
        <SparklesIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

export function SystemNote({ text, tone }: { text: string; tone: 'info' | 'error' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={clsx(
        'mx-auto flex w-fit max-w-full items-start gap-2 rounded-xl border px-3.5 py-2 text-sm',
        tone === 'error' ? 'border-rose-500/40 bg-rose-500/10 text-rose-200' : 'border-ink-600 bg-ink-800/70 text-slate-300',
      )}
    >
      {tone === 'error' ? <AlertIcon className="mt-0.5 size-4 shrink-0" /> : <InfoIcon className="mt-0.5 size-4 shrink-0" />}
      <span className="break-words">{text}</span>
    </div>
  );
}

/**
 * 'AI is analyzing your data...' with three breathing dots, and — while the job is still
 * reading a large file — how far it has got.
 */
export function TypingIndicator({ progress }: { progress?: { bytesRead: number; totalBytes: number; rows: number } }) {
  const reading = progress && progress.totalBytes > 0 && progress.bytesRead < progress.totalBytes;
  return (
    <div role="status" className="flex items-center gap-3 text-sm text-slate-300">
      <span className="flex gap-1" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-2 animate-bounce rounded-full bg-indigo-300" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </span>
      <span>
        AI is analyzing your data...
        {reading ? (
          <span className="ml-2 text-slate-400">
            Reading the file: {Math.floor((progress.bytesRead / progress.totalBytes) * 100)}% ({progress.rows.toLocaleString('en-US')} rows
            so far)
          </span>
        ) : null}
      </span>
    </div>
  );
}
