/**
 * Markdown from the analyst and from artifacts: GFM (tables, strikethrough, task lists,
 * autolinks) with react-markdown's safe URL defaults, so only http(s), irc(s), mailto,
 * xmpp and relative URLs survive (SPEC §5). Raw HTML is never rendered. Every table
 * (e.g. a `query_data` answer) gets a formula-safe "Download as CSV" link.
 */
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import clsx from 'clsx';
import { csvHref, csvOfTable } from './table-csv';

const plugins = [remarkGfm];

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={clsx('prose-tally text-sm text-slate-200', className)}>
      <ReactMarkdown
        remarkPlugins={plugins}
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
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
