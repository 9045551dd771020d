/**
 * Markdown from the analyst and from artifacts: GFM (tables, strikethrough, task lists,
 * autolinks) with react-markdown's safe URL defaults, so only http(s), irc(s), mailto,
 * xmpp and relative URLs survive (SPEC §5). Raw HTML is never rendered.
 */
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import clsx from 'clsx';

const plugins = [remarkGfm];

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={clsx('prose-tally text-sm text-slate-200', className)}>
      <ReactMarkdown
        remarkPlugins={plugins}
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
