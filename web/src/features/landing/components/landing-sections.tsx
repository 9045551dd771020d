/** The landing page's content sections: six questions, How It Works, use cases, FAQ. */
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Accordion, type AccordionItem } from '../../../components/ui/accordion';
import {
  BrickWallIcon,
  ChartIcon,
  FactoryIcon,
  MailIcon,
  PaperclipIcon,
  StethoscopeIcon,
  UtensilsIcon,
  WineIcon,
  ShieldIcon,
  ShuffleIcon,
  StarIcon,
  TrendingUpIcon,
  TruckIcon,
  UploadIcon,
  UsersIcon,
} from '../../../components/ui/icons';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const QUESTIONS: { icon: Icon; title: string; body: string }[] = [
  {
    icon: StarIcon,
    title: 'Who are my most valuable customers?',
    body: 'RFM segments show your champions, loyal accounts and the ones slipping away.',
  },
  {
    icon: ShieldIcon,
    title: 'How concentrated is my revenue?',
    body: 'See how much rides on your top 10 customers and what losing one would cost.',
  },
  {
    icon: UsersIcon,
    title: 'Which customers are about to churn?',
    body: 'Spot accounts ordering less often than they used to, before they are gone.',
  },
  {
    icon: TrendingUpIcon,
    title: 'Which products drive sales and margin?',
    body: 'Find your best sellers, your best earners and the lines sold below cost.',
  },
  { icon: TruckIcon, title: 'How dependent am I on one supplier?', body: 'Measure the share of revenue that depends on each supplier.' },
  {
    icon: ShuffleIcon,
    title: 'What else could each customer buy?',
    body: 'Cross-sell pairs bought together by similar customers, ready for your sales team.',
  },
];

const STEPS: { icon: Icon; title: string; body: string }[] = [
  {
    icon: UploadIcon,
    title: 'Upload your CSV',
    body: 'Export customers, orders or invoices from your ERP or accounting tool. CSV and Excel work.',
  },
  { icon: MailIcon, title: 'Provide your email', body: 'Tell us where to send the results. No account and no credit card needed.' },
  {
    icon: ChartIcon,
    title: 'Get your dashboard by email',
    body: 'Watch the analysis live, then get a link to your dashboard in your inbox.',
  },
];

const USE_CASES: { icon: Icon; title: string; body: string }[] = [
  {
    icon: UtensilsIcon,
    title: 'Food wholesalers',
    body: 'Find restaurants ordering less often and the products your best kitchens buy together.',
  },
  {
    icon: BrickWallIcon,
    title: 'Building material suppliers',
    body: 'See which contractors carry your revenue and which projects drift to competitors.',
  },
  { icon: WineIcon, title: 'Beverage distributors', body: 'Rank outlets by value and spot seasonal accounts that did not come back.' },
  {
    icon: StethoscopeIcon,
    title: 'Medical equipment dealers',
    body: 'Track clinic concentration and consumables that should follow every device sale.',
  },
  { icon: FactoryIcon, title: 'Industrial suppliers', body: 'Check dependency on single manufacturers and margin by product line.' },
  {
    icon: PaperclipIcon,
    title: 'Office supply distributors',
    body: 'Grow share of wallet with cross-sell lists for every business customer.',
  },
];

const FAQ: AccordionItem[] = [
  {
    question: 'What data do I need?',
    answer:
      'A CSV or Excel export with one row per order line or invoice: a customer, a date and an amount at minimum. Product, quantity, cost and supplier columns unlock more of the analysis.',
  },
  {
    question: 'How large can my file be?',
    answer:
      'Up to 700 MB, analysed in full. What decides whether a file fits one analysis is how many different customers, products and orders it holds: a typical export of a million rows fits, and our generated test export (4,800 customers, 3,000 products) fits up to about 1.13 million rows. A file that holds more stops with a message that says so; split it, for example by year. In our tests a million rows took about 11 seconds, upload included: a large file is read while it uploads. Large files upload in parts with a progress bar; a file over 700 MB is refused before the upload starts. Excel workbooks are read whole, so they are taken up to 32 MB (a file to join, up to 2 MB): save a larger workbook as CSV.',
  },
  {
    question: 'How long does an analysis take?',
    answer: 'Usually under 5 minutes. You can watch every step live, and we email you when the dashboard is ready.',
  },
  {
    question: 'Is it really free?',
    answer: 'Yes. Without an account you get one analysis per day. With a free account there is no limit on the number of analyses.',
  },
  {
    question: 'Is my data safe?',
    answer:
      'Your file is stored privately and only used for your analysis. Results are visible only to you and to people you share the secure link with.',
  },
  {
    question: 'Can I ask questions about my data?',
    answer: 'Yes. When the analysis is complete, ask follow-up questions in plain language, like “Who are my top 10 customers this year?”',
  },
  {
    question: 'Can I share the results?',
    answer: 'Every analysis has a secure link that gives view access without an account. Anyone with the link can see that one analysis.',
  },
  {
    question: 'Which focus areas can I choose?',
    answer:
      'Customer segmentation, revenue growth, operational efficiency, market analysis, risk assessment, or a comprehensive analysis covering all six questions.',
  },
];

function Section({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wider text-indigo-300">{eyebrow}</p>
      <h2 id={id} className="mt-2 max-w-2xl text-3xl font-semibold tracking-tight text-white sm:text-4xl">
        {title}
      </h2>
      <div className="mt-10">{children}</div>
    </section>
  );
}

export function QuestionsSection() {
  return (
    <Section id="questions" eyebrow="Six answers" title="The six questions every distributor should be able to answer">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {QUESTIONS.map(({ icon: Icon, title, body }) => (
          <div key={title} className="rounded-2xl border border-ink-600 bg-ink-800/60 p-6">
            <span className="grid size-10 place-items-center rounded-xl bg-indigo-500/15 text-indigo-300">
              <Icon className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold text-white">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-400">{body}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}

export function HowItWorks() {
  return (
    <Section id="how-it-works" eyebrow="How It Works" title="From export to dashboard in three steps">
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, body }, index) => (
          <li key={title} className="relative rounded-2xl border border-ink-600 bg-ink-800/60 p-6">
            <span className="absolute right-5 top-5 text-4xl font-bold text-ink-600" aria-hidden="true">
              {index + 1}
            </span>
            <Icon className="size-6 text-indigo-300" />
            <h3 className="mt-4 font-semibold text-white">
              <span className="sr-only">Step {index + 1}: </span>
              {title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-400">{body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function UseCases() {
  return (
    <Section id="use-cases" eyebrow="Use cases" title="Built for B2B businesses that sell to other businesses">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {USE_CASES.map(({ icon: Icon, title, body }) => (
          <div
            key={title}
            data-testid="use-case"
            className="rounded-2xl border border-ink-600 bg-gradient-to-b from-ink-800/80 to-ink-800/30 p-6"
          >
            <Icon className="size-5 text-violet-300" />
            <h3 className="mt-3 font-semibold text-white">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-400">{body}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}

export function FaqSection() {
  return (
    <Section id="faq" eyebrow="FAQ" title="Frequently asked questions">
      <Accordion items={FAQ} />
    </Section>
  );
}
