import * as Plot from "@observablehq/plot";
import type { components } from "./api.ts";

export type Group = components["schemas"]["Group"];
export type Interval = "day" | "week" | "month";

const POSITIVE = "#146c2e";
const BAND = "#7fb88f";
const VOLUME = "#5b6b7f";
const WIDTH = 640;

/**
 * Plot adds a <style> element to each chart; the CSP allows no inline style, so it is dropped
 * before the chart enters the page, and styles.css holds its rules.
 */
function withoutInlineStyle(chart: SVGSVGElement | HTMLElement): Element {
  chart.querySelectorAll("style").forEach((style) => style.remove());
  return chart;
}

const dateOf = (key: string) => new Date(`${key}T00:00:00Z`);

/** The first day of the next bucket. */
function bucketEnd(start: Date, interval: Interval): Date {
  const end = new Date(start);
  if (interval === "day") end.setUTCDate(end.getUTCDate() + 1);
  else if (interval === "week") end.setUTCDate(end.getUTCDate() + 7);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Positive rate per time bucket: a line with a dot per bucket, inside its 95 % Wilson band. */
export function rateOverTime(groups: Group[]): Element {
  const points = groups.map((group) => ({ date: dateOf(group.key), rate: group.positiveRate, low: group.positiveRateLow, high: group.positiveRateHigh, count: group.count }));
  return withoutInlineStyle(
    Plot.plot({
      width: WIDTH,
      height: 280,
      marginLeft: 48,
      x: { type: "utc", label: null },
      y: { domain: [0, 100], percent: true, label: "Positive (%)", grid: true },
      marks: [
        Plot.areaY(points, { x: "date", y1: "low", y2: "high", fill: BAND, fillOpacity: 0.35, className: "interval" }),
        Plot.lineY(points, { x: "date", y: "rate", stroke: POSITIVE, className: "rate-line" }),
        Plot.dot(points, {
          x: "date",
          y: "rate",
          fill: POSITIVE,
          r: 3.5,
          className: "rate",
          title: (point) => `${point.date.toISOString().slice(0, 10)}: ${Math.round(point.rate! * 100)}% of ${point.count}`,
        }),
      ],
    }),
  );
}

/** Votes per time bucket, one bar spanning each bucket. */
export function volumeOverTime(groups: Group[], interval: Interval): Element {
  const bars = groups.map((group) => ({ start: dateOf(group.key), end: bucketEnd(dateOf(group.key), interval), count: group.count }));
  return withoutInlineStyle(
    Plot.plot({
      width: WIDTH,
      height: 200,
      marginLeft: 48,
      x: { type: "utc", label: null },
      y: { label: "Votes", grid: true },
      marks: [
        Plot.rectY(bars, { x1: "start", x2: "end", y: "count", fill: VOLUME, inset: 1, className: "votes", title: (bar) => `${bar.start.toISOString().slice(0, 10)}: ${bar.count} votes` }),
        Plot.ruleY([0]),
      ],
    }),
  );
}

/** Positive rate per group as horizontal bars, each with its 95 % interval, in the API's order. */
export function rateByGroup(groups: Group[]): Element {
  const labels = new Map(groups.map((group) => [group.key, group.label]));
  const longest = Math.max(0, ...groups.map((group) => group.label.length));
  return withoutInlineStyle(
    Plot.plot({
      width: WIDTH,
      height: 40 + 28 * Math.max(1, groups.length),
      marginLeft: Math.min(240, 16 + 6.5 * longest),
      x: { domain: [0, 100], percent: true, label: "Positive (%)", grid: true },
      y: { domain: groups.map((group) => group.key), tickFormat: (key: string) => labels.get(key) ?? key, label: null },
      marks: [
        Plot.barX(groups, { y: "key", x: "positiveRate", fill: BAND, className: "rate", title: (group: Group) => `${group.label}: ${Math.round(group.positiveRate! * 100)}% of ${group.count}` }),
        Plot.ruleY(groups, { y: "key", x1: "positiveRateLow", x2: "positiveRateHigh", stroke: POSITIVE, strokeWidth: 2, className: "interval" }),
      ],
    }),
  );
}
