import type { ComponentChildren } from "preact";
import { unwrap } from "../api.ts";
import type { Group, Interval } from "../charts.ts";
import { Chart } from "../components/Chart.tsx";
import { feedbackFilterValues, FeedbackFilterForm, feedbackQuery, readFeedbackFilters, type FeedbackFilters } from "../components/FeedbackFilters.tsx";
import { SelectField } from "../components/Fields.tsx";
import { Status } from "../components/Status.tsx";
import { useLoad } from "../load.ts";
import { navigate, queryString } from "../router.ts";
import { useSession } from "../session-context.ts";
import { comparisonWindows, headline, uniqueLabels } from "../trends.ts";

const INTERVALS = [
  { value: "day", label: "Day" },
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
];
const BREAKDOWNS = [
  { groupBy: "attributeOption", title: "Positive rate by attribute option" },
  { groupBy: "intent", title: "Positive rate by intent" },
  { groupBy: "segment", title: "Positive rate by user segment" },
  { groupBy: "project", title: "Positive rate by project" },
] as const;

const readInterval = (query: URLSearchParams): Interval => {
  const value = query.get("interval");
  return value === "day" || value === "month" ? value : "week";
};

const percent = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(1)}%`);

/** The project of each intent and attribute option (by the stats' group key) and the projects' names. */
async function projectsOfKeys(service: ReturnType<typeof useSession>["service"]) {
  const [projects, intents, attributes] = await Promise.all([
    unwrap(service.GET("/api/external/projects")),
    unwrap(service.GET("/api/external/intents")),
    unwrap(service.GET("/api/external/attributes")),
  ]);
  return {
    names: new Map(projects.map((project) => [project.id, project.name])),
    intent: new Map(intents.map((intent) => [String(intent.id), intent.projectId])),
    attributeOption: new Map(attributes.flatMap((attribute) => attribute.options.map((option) => [String(option.id), attribute.projectId] as const))),
  };
}

export function TrendsView({ query }: { query: URLSearchParams }) {
  const { service, unauthorized } = useSession();
  const filters = readFeedbackFilters(query);
  const interval = readInterval(query);
  const stats = useLoad(
    `trends?${query}`,
    async () => {
      const statsBy = (groupBy: Interval | (typeof BREAKDOWNS)[number]["groupBy"]) =>
        unwrap(service.GET("/api/external/feedback/stats", { params: { query: { ...feedbackQuery(filters), groupBy } } }));
      const windows = comparisonWindows(filters.from, filters.to);
      const totalIn = (window: { from: string; to: string }) =>
        unwrap(service.GET("/api/external/feedback/stats", { params: { query: feedbackQuery({ ...filters, ...window }) } }));
      const [overTime, current, previous, projects, ...breakdowns] = await Promise.all([
        statsBy(interval),
        totalIn(windows.current),
        totalIn(windows.previous),
        projectsOfKeys(service),
        ...BREAKDOWNS.map(({ groupBy }) => statsBy(groupBy)),
      ]);
      const labelled = BREAKDOWNS.map(({ groupBy }, index) => {
        const groups = breakdowns[index]!.groups;
        return groupBy === "intent" || groupBy === "attributeOption" ? uniqueLabels(groups, projects[groupBy], projects.names) : groups;
      });
      return { overTime, breakdowns: labelled, headline: headline(current.total, previous.total, windows) };
    },
    unauthorized,
  );
  const charts = useLoad("charts", () => import("../charts.ts"), unauthorized);
  const url = (changes: Partial<FeedbackFilters>, nextInterval = interval) =>
    `/console/trends${queryString({ ...feedbackFilterValues({ ...filters, ...changes }), interval: nextInterval === "week" ? undefined : nextInterval })}`;

  return (
    <section aria-labelledby="trends-title" aria-busy={stats.loading || charts.loading}>
      <h1 id="trends-title">Trends</h1>
      <FeedbackFilterForm filters={filters} apply={(changes) => navigate(url(changes))} label="Trend filters" />
      <div class="filters">
        <SelectField label="Over time by" value={interval} options={INTERVALS} onChange={(value) => navigate(url({}, value as Interval))} allowAny={false} />
      </div>
      <Status state={stats} />
      <Status state={{ ...charts, loading: false }} />
      {stats.data && !stats.error && charts.data ? (
        <>
          <p class="headline" data-testid="headline">
            {stats.data.headline}
          </p>
          <p class="totals" data-testid="total">
            <span>
              <strong>{stats.data.overTime.total.count}</strong> votes
            </span>
            <span>
              <strong>{percent(stats.data.overTime.total.positiveRate)}</strong> positive
            </span>
            <span>
              95% interval {percent(stats.data.overTime.total.positiveRateLow)} – {percent(stats.data.overTime.total.positiveRateHigh)}
            </span>
          </p>
          <div class="charts">
            <TrendFigure testId="rate-over-time" title={`Positive rate by ${interval}, with its 95% interval`} groups={stats.data.overTime.groups}>
              <Chart data={stats.data.overTime.groups} draw={(groups) => charts.data!.rateOverTime(groups, interval)} />
              <IntervalLegend />
            </TrendFigure>
            <TrendFigure testId="volume-over-time" title={`Votes by ${interval}`} groups={stats.data.overTime.groups}>
              <Chart data={stats.data.overTime.groups} draw={(groups) => charts.data!.volumeOverTime(groups, interval)} />
            </TrendFigure>
            {BREAKDOWNS.map(({ groupBy, title }, index) => (
              <TrendFigure key={groupBy} testId={`rate-by-${groupBy}`} title={title} groups={stats.data!.breakdowns[index]!}>
                <Chart data={stats.data!.breakdowns[index]!} draw={charts.data!.rateByGroup} />
                <IntervalLegend bars />
              </TrendFigure>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

/** What the marks of a rate chart are, in words: dots with a band over time, bars with error bars by group. */
function IntervalLegend({ bars = false }: { bars?: boolean }) {
  return (
    <p class="legend">
      <span class={`swatch ${bars ? "band" : "rate"}`} aria-hidden="true" /> positive rate <span class={`swatch ${bars ? "whisker" : "band"}`} aria-hidden="true" /> 95 % interval: where the true rate
      lies, given this many votes
    </p>
  );
}

/** A chart with its numbers as a table, for screen readers and for reading exact values. */
function TrendFigure({ testId, title, groups, children }: { testId: string; title: string; groups: Group[]; children: ComponentChildren }) {
  return (
    <figure data-testid={testId}>
      <figcaption>{title}</figcaption>
      {groups.length ? children : <p class="muted">No feedback matches.</p>}
      <details>
        <summary>Table</summary>
        <table class="rows">
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Votes</th>
              <th scope="col">Positive</th>
              <th scope="col">95% interval</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.key}>
                <th scope="row">{group.label}</th>
                <td class="number">{group.count}</td>
                <td class="number">{percent(group.positiveRate)}</td>
                <td class="number">
                  {percent(group.positiveRateLow)} – {percent(group.positiveRateHigh)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
