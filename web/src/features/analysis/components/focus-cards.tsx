/** The six focus areas as cards (SPEC §2): shown once a file is loaded and before any conversation. */
import type { ComponentType, SVGProps } from 'react';
import { FOCUS_AREAS, type FocusArea, type FocusAreaId } from '../../../../../worker/agent/focus-areas';
import { GaugeIcon, GlobeIcon, LayersIcon, ShieldIcon, TrendingUpIcon, UsersIcon } from '../../../components/ui/icons';

const ICONS: Record<FocusAreaId, ComponentType<SVGProps<SVGSVGElement>>> = {
  customer_segmentation: UsersIcon,
  revenue_growth: TrendingUpIcon,
  operational_efficiency: GaugeIcon,
  market_analysis: GlobeIcon,
  risk_assessment: ShieldIcon,
  comprehensive: LayersIcon,
};

export function FocusCards({ onPick, disabled }: { onPick: (area: FocusArea) => void; disabled?: boolean }) {
  return (
    <section aria-labelledby="focus-title" className="animate-slide-up">
      <h2 id="focus-title" className="text-center text-lg font-semibold text-white">
        What would you like to analyze?
      </h2>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {FOCUS_AREAS.map((area) => {
          const Icon = ICONS[area.id];
          return (
            <button
              key={area.id}
              type="button"
              disabled={disabled}
              onClick={() => onPick(area)}
              className="group flex items-start gap-3 rounded-xl border border-ink-600 bg-ink-800/70 p-4 text-left transition hover:-translate-y-0.5 hover:border-indigo-400/60 hover:bg-ink-700/60 disabled:pointer-events-none disabled:opacity-50"
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-indigo-500/15 text-indigo-300 group-hover:bg-indigo-500/25">
                <Icon className="size-5" />
              </span>
              <span>
                <span className="block text-sm font-semibold text-white">{area.title}</span>
                <span className="mt-0.5 block text-sm text-slate-400">{area.description}</span>
              </span>
            </button>
          );
        })}
      </div>
      <p className="mt-4 text-center text-sm text-slate-400">Or type your own question below</p>
    </section>
  );
}
