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

/** The first day of the bucket `steps` buckets after the one starting at `start` (before it when negative). */
function bucketStep(start: Date, interval: Interval, steps: number): Date {
  const next = new Date(start);
  if (interval === "day") next.setUTCDate(next.getUTCDate() + steps);
  else if (interval === "week") next.setUTCDate(next.getUTCDate() + 7 * steps);
  else next.setUTCMonth(next.getUTCMonth() + steps);
  return next;
}

/** Fewer buckets than this are drawn on an axis this many buckets long, so that one bucket is a bar of its width. */
const MIN_BUCKETS = 8;

/** The time axis: from the first bucket (or MIN_BUCKETS before the last one's end) to the last bucket's end, with a few ticks. */
function timeAxis(groups: Group[], interval: Interval) {
  const starts = groups.map((group) => dateOf(group.key));
  const end = bucketStep(starts[starts.length - 1] ?? new Date(), interval, 1);
  const earliest = bucketStep(end, interval, -MIN_BUCKETS);
  const start = starts[0] && starts[0] < earliest ? starts[0] : earliest;
  return { type: "utc" as const, domain: [start, end], ticks: 6, label: null };
}

const middle = (start: Date, interval: Interval) => new Date((start.getTime() + bucketStep(start, interval, 1).getTime()) / 2);

/** Positive rate per time bucket: a dot in the bucket's middle with its 95 % interval as an error bar, and a band joining them. */
export function rateOverTime(groups: Group[], interval: Interval): Element {
  const points = groups.map((group) => ({ date: middle(dateOf(group.key), interval), start: group.key, rate: group.positiveRate, low: group.positiveRateLow, high: group.positiveRateHigh, count: group.count }));
  return withoutInlineStyle(
    Plot.plot({
      width: WIDTH,
      height: 280,
      marginLeft: 48,
      x: timeAxis(groups, interval),
      y: { domain: [0, 100], percent: true, label: "Positive (%)", grid: true },
      marks: [
        Plot.areaY(points, { x: "date", y1: "low", y2: "high", fill: BAND, fillOpacity: 0.3, className: "band" }),
        Plot.ruleX(points, { x: "date", y1: "low", y2: "high", stroke: BAND, strokeWidth: 6, strokeOpacity: 0.8, className: "interval" }),
        Plot.lineY(points, { x: "date", y: "rate", stroke: POSITIVE, className: "rate-line" }),
        Plot.dot(points, {
          x: "date",
          y: "rate",
          fill: POSITIVE,
          r: 4,
          className: "rate",
          title: (point) => `${point.start}: ${Math.round(point.rate! * 100)}% of ${point.count} (95% interval ${Math.round(point.low! * 100)}–${Math.round(point.high! * 100)}%)`,
        }),
      ],
    }),
  );
}

/** Votes per time bucket, one bar spanning each bucket. */
export function volumeOverTime(groups: Group[], interval: Interval): Element {
  const bars = groups.map((group) => ({ start: dateOf(group.key), end: bucketStep(dateOf(group.key), interval, 1), count: group.count }));
  return withoutInlineStyle(
    Plot.plot({
      width: WIDTH,
      height: 200,
      marginLeft: 48,
      x: timeAxis(groups, interval),
      y: { label: "Votes", grid: true },
      marks: [
        Plot.rectY(bars, { x1: "start", x2: "end", y: "count", fill: VOLUME, inset: 1, className: "votes", title: (bar) => `${bar.start.toISOString().slice(0, 10)}: ${bar.count} votes` }),
        Plot.ruleY([0]),
      ],
    }),
  );
}

/** Positive rate per group as horizontal bars, each with its 95 % interval as a capped error bar, in the API's order. */
export function rateByGroup(groups: Group[]): Element {
  const labels = new Map(groups.map((group) => [group.key, group.label]));
  const longest = Math.max(0, ...groups.map((group) => group.label.length));
  return withoutInlineStyle(
    Plot.plot({
      width: WIDTH,
      height: 40 + 28 * Math.max(1, groups.length),
      marginLeft: Math.min(260, 16 + 7.5 * longest),
      x: { domain: [0, 100], percent: true, label: "Positive (%)", grid: true },
      y: { domain: groups.map((group) => group.key), tickFormat: (key: string) => labels.get(key) ?? key, label: null },
      marks: [
        Plot.barX(groups, { y: "key", x: "positiveRate", fill: BAND, className: "rate", title: (group: Group) => `${group.label}: ${Math.round(group.positiveRate! * 100)}% of ${group.count}` }),
        Plot.ruleY(groups, { y: "key", x1: "positiveRateLow", x2: "positiveRateHigh", stroke: POSITIVE, strokeWidth: 2, className: "interval" }),
        Plot.tickX(groups, { y: "key", x: "positiveRateLow", stroke: POSITIVE, strokeWidth: 2, className: "interval-end" }),
        Plot.tickX(groups, { y: "key", x: "positiveRateHigh", stroke: POSITIVE, strokeWidth: 2, className: "interval-end" }),
      ],
    }),
  );
}
