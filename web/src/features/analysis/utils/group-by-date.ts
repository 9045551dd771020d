/** Sidebar history groups (SPEC §2, §9): Today, Last 7 Days, Older — newest first. */

export type HistoryGroupLabel = 'Today' | 'Last 7 Days' | 'Older';

export interface HistoryGroup<T> {
  label: HistoryGroupLabel;
  items: T[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfLocalDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** Which group a creation time falls in, in the viewer's local calendar. */
export function historyGroupOf(createdAt: string, now: number): HistoryGroupLabel {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return 'Older';
  const today = startOfLocalDay(now);
  if (created >= today) return 'Today';
  if (created >= today - 7 * DAY_MS) return 'Last 7 Days';
  return 'Older';
}

/** Groups analyses, keeping only non-empty groups, each sorted newest first. */
export function groupAnalysesByDate<T extends { created_at: string }>(analyses: readonly T[], now: number): HistoryGroup<T>[] {
  const order: HistoryGroupLabel[] = ['Today', 'Last 7 Days', 'Older'];
  const sorted = [...analyses].sort((a, b) => (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0));
  return order
    .map((label) => ({ label, items: sorted.filter((item) => historyGroupOf(item.created_at, now) === label) }))
    .filter((group) => group.items.length > 0);
}
