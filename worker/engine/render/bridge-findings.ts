/**
 * The revenue bridge in one sentence, shared by the report, the dashboard, the executive
 * summary and the offline analyst: the change and its two largest drivers.
 */
import type { Bridge } from '../contract';
import { money } from './format';

type Available = Extract<Bridge, { available: true }>;

/** "+1.2%" style change of the later period against the earlier. */
function changeWords(bridge: Available): string {
  if (bridge.base.revenue <= 0) return '';
  const pct = (bridge.change / bridge.base.revenue) * 100;
  return ` (${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%)`;
}

/** The headline: the change and the two steps that moved it most. */
export function bridgeHeadline(bridge: Bridge, currency: string | null): string {
  if (!bridge.available) return bridge.note;
  const drivers = [...bridge.steps]
    .sort((x, y) => Math.abs(y.value) - Math.abs(x.value))
    .slice(0, 2)
    .map((s) => `${s.label.toLowerCase()} ${s.value >= 0 ? '+' : '−'}${money(Math.abs(s.value), currency)}`);
  return (
    `Revenue went from ${money(bridge.base.revenue, currency)} (${bridge.base.label}) to ${money(bridge.compared.revenue, currency)} (${bridge.compared.label})${changeWords(bridge)}; ` +
    `the largest moves: ${drivers.join(' and ')}.`
  );
}
