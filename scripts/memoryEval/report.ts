import type { CaseResult } from "./evaluate.ts";

export interface Totals {
  conversations: number;
  facts: number;
  found: number;
  recall: number;
  changed: number;
  staleShown: number;
  /** Stale facts shown as current, per changed fact. */
  staleRate: number;
  meanSummaryLength: number;
  maxSummaryLength: number;
  meanSummaryMs: number;
  maxSummaryMs: number;
}

export function totals(results: CaseResult[]): Totals {
  const sum = (pick: (result: CaseResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  const facts = sum((result) => result.facts);
  const found = sum((result) => result.found);
  const changed = sum((result) => result.changed);
  const staleShown = sum((result) => result.staleShown.length);
  return {
    conversations: results.length,
    facts,
    found,
    recall: facts === 0 ? 1 : found / facts,
    changed,
    staleShown,
    staleRate: changed === 0 ? 0 : staleShown / changed,
    meanSummaryLength: sum((result) => result.summary.length) / results.length,
    maxSummaryLength: Math.max(...results.map((result) => result.summary.length)),
    meanSummaryMs: sum((result) => result.summaryMs) / results.length,
    maxSummaryMs: Math.max(...results.map((result) => result.summaryMs)),
  };
}

function groupBy(results: CaseResult[], key: (result: CaseResult) => string): [string, CaseResult[]][] {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) groups.set(key(result), [...(groups.get(key(result)) ?? []), result]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
const padLeft = (text: string | number, width: number) => String(text).padStart(width);
const ratio = (value: number) => value.toFixed(3);

function totalsLine(label: string, results: CaseResult[]): string {
  const t = totals(results);
  return [
    pad(label, 34),
    padLeft(t.conversations, 5),
    padLeft(`${t.found}/${t.facts}`, 9),
    padLeft(ratio(t.recall), 7),
    padLeft(`${t.staleShown}/${t.changed}`, 7),
    padLeft(t.meanSummaryLength.toFixed(0), 9),
    padLeft(t.meanSummaryMs.toFixed(3), 9),
  ].join(" ");
}

/** The per-conversation table, then totals per domain, per language, per position of the fact and overall. */
export function report(results: CaseResult[], summarizerName: string): string {
  const lines: string[] = [];
  lines.push(`Memory quality of the ${summarizerName} summarizer (${results.length} conversations)`, "");
  lines.push([pad("conversation", 34), pad("lang", 5), padLeft("msgs", 4), padLeft("facts", 7), padLeft("stale", 6), padLeft("chars", 6), padLeft("ms", 8), "  missed / stale shown"].join(" "));
  for (const result of results) {
    const notes = [...result.missed.map((fact) => `-${fact}`), ...result.staleShown.map((stale) => `!${stale}`)].join(", ");
    lines.push(
      [
        pad(result.id, 34),
        pad(result.language, 5),
        padLeft(result.messages, 4),
        padLeft(`${result.found}/${result.facts}`, 7),
        padLeft(`${result.staleShown.length}/${result.changed}`, 6),
        padLeft(result.summary.length, 6),
        padLeft(result.summaryMs.toFixed(3), 8),
        ` ${notes}`,
      ].join(" "),
    );
  }
  const header = [pad("", 34), padLeft("convs", 5), padLeft("facts", 9), padLeft("recall", 7), padLeft("stale", 7), padLeft("chars avg", 9), padLeft("ms avg", 9)].join(" ");
  lines.push("", header);
  for (const [domain, group] of groupBy(results, (result) => result.domain)) lines.push(totalsLine(`domain ${domain}`, group));
  for (const [language, group] of groupBy(results, (result) => result.language)) lines.push(totalsLine(`language ${language}`, group));
  lines.push(totalsLine("all languages but English", results.filter((result) => result.language !== "en")));
  for (const where of ["early", "middle", "late"] as const) {
    const facts = results.reduce((sum, result) => sum + result.byPosition[where].facts, 0);
    const found = results.reduce((sum, result) => sum + result.byPosition[where].found, 0);
    lines.push([pad(`facts stated ${where}`, 34), padLeft("", 5), padLeft(`${found}/${facts}`, 9), padLeft(ratio(facts ? found / facts : 1), 7)].join(" "));
  }
  lines.push(totalsLine("overall", results));
  const t = totals(results);
  lines.push(
    "",
    `recall ${ratio(t.recall)}; stale facts shown as current ${t.staleShown}/${t.changed} (${(t.staleRate * 100).toFixed(1)} %); ` +
      `summary length mean ${t.meanSummaryLength.toFixed(0)}, max ${t.maxSummaryLength}; ` +
      `ms per summary mean ${t.meanSummaryMs.toFixed(3)}, max ${t.maxSummaryMs.toFixed(3)}`,
  );
  return lines.join("\n");
}
