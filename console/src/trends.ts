import type { components } from "./api.ts";

type Stats = components["schemas"]["Stats"];
type Group = components["schemas"]["Group"];

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Two windows of the same length, days inclusive (UTC), the second right before the first. */
export interface Windows {
  current: { from: string; to: string };
  previous: { from: string; to: string };
  days: number;
}

/**
 * The window the headline speaks of: the chosen date range when it has both ends, otherwise the
 * 7 days up to its end (today without one); and the window of the same length before it.
 */
export function comparisonWindows(from: string, to: string, today = dayOf(Date.now())): Windows {
  const end = Date.parse(`${to || today}T00:00:00Z`);
  const start = from && to ? Date.parse(`${from}T00:00:00Z`) : end - 6 * DAY_MS;
  const days = Math.round((end - start) / DAY_MS) + 1;
  return {
    current: { from: dayOf(start), to: dayOf(end) },
    previous: { from: dayOf(start - days * DAY_MS), to: dayOf(start - DAY_MS) },
    days,
  };
}

export const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 100)} %`);
const range = (stats: Stats) => `${percent(stats.positiveRateLow)}–${percent(stats.positiveRateHigh)}`.replace(/ %–/, "–");
const votes = (count: number) => `${count} ${count === 1 ? "vote" : "votes"}`;

/** The headline in plain words: "Positive rate 61 % (42–76 %) over 28 votes; down from 74 % (60–85 %) over 20 votes the 7 days before." */
export function headline(current: Stats, previous: Stats, windows: Windows): string {
  const span = `from ${windows.current.from} to ${windows.current.to} (UTC)`;
  if (current.count === 0) return `No votes ${span}.`;
  const now = `Positive rate ${percent(current.positiveRate)} (${range(current)}) over ${votes(current.count)} ${span}`;
  const before = `the ${windows.days === 1 ? "day" : `${windows.days} days`} before`;
  if (previous.count === 0) return `${now}; no votes ${before} to compare with.`;
  const change = Math.round(current.positiveRate! * 100) - Math.round(previous.positiveRate! * 100);
  const direction = change > 0 ? "up from" : change < 0 ? "down from" : "the same as";
  return `${now}; ${direction} ${percent(previous.positiveRate)} (${range(previous)}) over ${votes(previous.count)} ${before}.`;
}

/**
 * Labels that tell groups apart: an intent or attribute option whose name repeats in a chart (one
 * per project) gets its project's name, e.g. "billing (sales)".
 */
export function uniqueLabels(groups: Group[], projectOfKey: Map<string, number>, projectNames: Map<number, string>): Group[] {
  const seen = new Map<string, number>();
  for (const group of groups) seen.set(group.label, (seen.get(group.label) ?? 0) + 1);
  return groups.map((group) => {
    if ((seen.get(group.label) ?? 0) < 2) return group;
    const project = projectNames.get(projectOfKey.get(group.key) ?? -1);
    return { ...group, label: project ? `${group.label} (${project})` : `${group.label} (#${group.key})` };
  });
}
