/**
 * Markdown from the analyst and from artifacts: GFM (tables, strikethrough, task lists,
 * autolinks) with react-markdown's safe URL defaults, so only http(s), irc(s), mailto,
 * xmpp and relative URLs survive (SPEC §5). Raw HTML is never rendered. Every table
 * (e.g. a `query_data` answer) gets a formula-safe "Download as CSV" link.
 */
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { csvHref, csvOfTable } from './table-csv';

const plugins = [remarkGfm];

const ISO_DATE = /(\d{4}-\d{2}-\d{2})/;

/** A heading's text with each ISO date in a span that does not wrap; other children as they are. */
function withWholeDates(children: ReactNode): ReactNode {
  if (typeof children !== 'string' || !ISO_DATE.test(children)) return children;
  return children.split(ISO_DATE).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="date">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={clsx('prose-tally text-sm text-slate-200', className)}>
      <ReactMarkdown
        remarkPlugins={plugins}
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
          // "revenue 2023-01-01 … 2023-12-31" wraps between words, not inside its dates.
          th: ({ node: _node, children, ...props }) => <th {...props}>{withWholeDates(children)}</th>,
          table: ({ node, ...props }) => (
            <div className="my-2">
              <div className="overflow-x-auto">
                <table {...props} />
              </div>
              {node ? (
                <a
                  href={csvHref(csvOfTable(node))}
                  download="table.csv"
                  className="mt-1 inline-block text-xs font-medium text-indigo-300 hover:text-indigo-200"
                >
                  Download as CSV
                </a>
              ) : null}
            </div>
          ),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
