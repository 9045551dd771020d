/** The small pages: Coming Soon placeholders, /analyze (Book a Call), /chat and 404. */
import type { ReactNode } from 'react';
import { ButtonLink, ExternalButtonLink } from '../../../components/ui/button';
import { CalendarIcon, SparklesIcon } from '../../../components/ui/icons';
import { config } from '../../../config/env';

function CenteredPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <span className="grid size-14 place-items-center rounded-2xl bg-indigo-500/15 text-indigo-300">
        <SparklesIcon className="size-7" />
      </span>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-white sm:text-4xl">{title}</h1>
      <div className="mt-4 text-slate-300">{children}</div>
    </section>
  );
}

/** /features, /pricing and /about (SPEC §2). */
export function ComingSoonPage({ topic }: { topic: string }) {
  return (
    <CenteredPage title="Coming Soon">
      <p>Our {topic} page is on its way. In the meantime, try an analysis — it's free.</p>
      <ButtonLink to="/analysis" className="mt-8">
        Try Tally
      </ButtonLink>
    </CenteredPage>
  );
}

/** /analyze: shown as a Book a Call button (SPEC §2). */
export function AnalyzePage() {
  return (
    <CenteredPage title="Talk to an analyst">
      <p>Want help going further with your data? Book a free 20-minute call with our team.</p>
      <ExternalButtonLink href={config.schedulerUrl} size="lg" className="mt-8">
        <CalendarIcon className="size-5" />
        Book a Call
      </ExternalButtonLink>
    </CenteredPage>
  );
}

/** /chat: questions are asked inside an analysis, next to its data. */
export function ChatPage() {
  return (
    <CenteredPage title="Chat with your data">
      <p>Upload a file to start an analysis, then ask questions about it in plain language.</p>
      <ButtonLink to="/analysis" className="mt-8">
        Go to Analysis
      </ButtonLink>
    </CenteredPage>
  );
}

export function NotFoundPage() {
  return (
    <CenteredPage title="Page not found">
      <p>The page you're looking for doesn't exist or has moved.</p>
      <ButtonLink to="/" className="mt-8">
        Back to home
      </ButtonLink>
    </CenteredPage>
  );
}
