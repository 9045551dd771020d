/** /privacy and /terms (SPEC §2): a back-to-home link and a last-updated line with today's date. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { longDate } from '../../../lib/format';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-300 hover:text-indigo-200">
        <ArrowLeftIcon className="size-4" />
        Back to home
      </Link>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-white sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-400">Last updated: {longDate(new Date())}</p>
      <div className="prose-tally mt-10 space-y-4 text-[15px] text-slate-300 [&_h2]:mt-10">{children}</div>
    </article>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>Tally helps B2B businesses understand their customers. This policy explains what we collect when you use Tally and why.</p>
      <h2>What we collect</h2>
      <ul>
        <li>The files you upload for analysis, and the results we generate from them.</li>
        <li>Your email address, to send you results and, if you create an account, to sign you in.</li>
        <li>Basic technical data (IP address, browser) to keep the service secure and to enforce the free daily limit.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        Your data is used only to produce your analysis, answer your questions about it and email you the results. We never sell it and
        never use it to train models.
      </p>
      <h2>Sharing</h2>
      <p>
        An analysis is visible to you and to anyone you give its secure link. Use Share in the analysis header to revoke the link or issue a
        new one at any time; a revoked link stops working at once.
      </p>
      <h2>Retention and deletion</h2>
      <p>We keep uploads and results while your account is active or until you ask us to delete them.</p>
      <h2>Contact</h2>
      <p>Questions about privacy? Email privacy@tally.example.com.</p>
    </LegalPage>
  );
}

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>By using Tally you agree to these terms.</p>
      <h2>The service</h2>
      <p>
        Tally analyses the customer and sales data you upload and presents the results as a transcript, files and a dashboard. Without an
        account you may run one analysis per day; with a free account there is no limit on the number of analyses.
      </p>
      <h2>Your data</h2>
      <p>You keep all rights to the data you upload. You confirm you are allowed to share it with us for analysis.</p>
      <h2>Acceptable use</h2>
      <p>Do not upload unlawful content, attempt to break the service, or use it to process data you have no right to process.</p>
      <h2>No warranty</h2>
      <p>Analyses are generated automatically and may contain mistakes. Check important figures before you act on them.</p>
      <h2>Contact</h2>
      <p>Questions about these terms? Email legal@tally.example.com.</p>
    </LegalPage>
  );
}
