// The operations on a user's memory across threads: their facts, forgetting one, a context block, search.
import type { Driver, DriverQueries } from "../../db/driver.ts";
import { notFound } from "../../errors.ts";
import { type ContextFact, CONTEXT, FACT_USER, FACTS, FORGET_FACT, LOCK_FACT, MATCH_START, MATCH_STOP, SEARCH_MESSAGES, type SearchResult } from "./sql.ts";
import { statementKey } from "./supersede.ts";
import { recordEvent } from "../../webhooks/events.ts";
import type { LocalWorker } from "../../webhooks/handoff.ts";

export const USER_NOT_FOUND = "User not found";
export const FACT_NOT_FOUND = "Fact not found";

/** A snippet is at most this long (decisions.md). */
const SNIPPET_LIMIT = 300;
/** A context of at most 20,000 characters holds fewer facts than this. */
const CONTEXT_FACT_LIMIT = 500;

/** The user's id; a 404 when the organization has no such user. */
async function userIdOf(db: DriverQueries, organizationId: number, userExternalId: string): Promise<number> {
  const [user] = await db.rows(FACT_USER, { organizationId, userExternalId });
  if (!user) throw notFound(USER_NOT_FOUND);
  return user.id;
}

export async function listFacts(db: DriverQueries, organizationId: number, userExternalId: string, options: { history: boolean; limit: number }) {
  const userId = await userIdOf(db, organizationId, userExternalId);
  const [row] = await db.rows(FACTS, { organizationId, userId, history: options.history, limit: options.limit });
  return { userExternalId, facts: row?.facts ?? [] };
}

/** Forgets the fact for good (see FORGET_FACT); a 404 when the organization has no such fact. */
export async function forgetFact(driver: Driver, organizationId: number, factId: number, localWorker?: LocalWorker): Promise<void> {
  const forgotten = await driver.transaction(async (tx) => {
    const [fact] = await tx.rows(LOCK_FACT, { organizationId, factId });
    if (fact) {
      await tx.rows(FORGET_FACT, { organizationId, factId, statement: statementKey(fact.text) });
      await recordEvent(tx, organizationId, { type: "memory.facts_changed", userId: fact.externalUserId }, localWorker);
    }
    return fact !== undefined;
  });
  if (!forgotten) throw notFound(FACT_NOT_FOUND);
}

/** One line per fact, whatever line breaks its text holds. */
const factLine = ({ subject, text, statedAt }: ContextFact) => `- ${text.replace(/\s+/g, " ")} (${subject}, ${statedAt.slice(0, 10)})`;

/**
 * The context block: a heading and one line per fact, then the summary's heading and lines, cut
 * after the last whole line that fits in `maxChars` (what is left out is what matters least).
 */
export function contextBlock(facts: readonly ContextFact[], summary: string | null, maxChars: number, related: boolean) {
  const lines: string[] = [];
  const factIds: number[] = [];
  let length = -1; // of lines.join("\n"), with the separator each added line brings
  const lengthWith = (more: readonly string[]) => more.reduce((sum, line) => sum + 1 + line.length, length);
  const add = (more: readonly string[]) => {
    if (lengthWith(more) > maxChars) return false;
    length = lengthWith(more);
    lines.push(...more);
    return true;
  };
  const heading = `What the user said about themselves (${related ? "most related first" : "newest first"}):`;
  const allFacts = facts.every((fact) => add(lines.length === 0 ? [heading, factLine(fact)] : [factLine(fact)]) && factIds.push(fact.id));
  const [first, ...rest] = summary ? summary.split("\n") : [];
  if (allFacts && first !== undefined && add([...(lines.length > 0 ? [""] : []), "Summary of the latest conversation:", first])) {
    rest.every((line) => add([line]));
  }
  return { context: lines.join("\n"), factIds };
}

/**
 * The summary without its lines that hold a statement the user asked to forget (`forgotten`, as statementKey gives them):
 * the summary quotes the user's words, and a forgotten fact is gone from the context (decisions.md).
 */
export function withoutForgotten(summary: string | null, forgotten: readonly string[]): string | null {
  if (summary === null || forgotten.length === 0) return summary;
  const kept = summary.split("\n").filter((line) => {
    const words = ` ${statementKey(line)} `;
    return !forgotten.some((statement) => words.includes(` ${statement} `));
  });
  return kept.length > 0 ? kept.join("\n") : null;
}

export async function memoryContext(db: DriverQueries, organizationId: number, userExternalId: string, options: { maxChars: number; q?: string }) {
  const userId = await userIdOf(db, organizationId, userExternalId);
  const [row] = await db.rows(CONTEXT, { organizationId, userId, q: options.q ?? null, limit: CONTEXT_FACT_LIMIT });
  const summary = withoutForgotten(row?.summary ?? null, row?.forgotten ?? []);
  const { context, factIds } = contextBlock(row?.facts ?? [], summary, options.maxChars, options.q !== undefined);
  return { userExternalId, context, factIds };
}

const isSpace = (character: string | undefined) => character !== undefined && /\s/u.test(character);

/**
 * At most `limit` characters (code points, as PostgreSQL counts them) of `passage` around its first match
 * (marked by MATCH_START and MATCH_STOP; the start when none is), without the marks: the whole passage when
 * it is that short, else a window around the match cut between words where it can be (the match itself cut
 * when it is longer than that).
 */
export function snippetOf(passage: string, limit: number): string {
  const text: string[] = [];
  let start = -1;
  let stop = -1;
  for (const character of passage) {
    if (character === MATCH_START) start = start < 0 ? text.length : start;
    else if (character === MATCH_STOP) stop = stop < 0 && start >= 0 ? text.length : stop;
    else text.push(character);
  }
  if (text.length <= limit) return text.join("");
  if (start < 0) [start, stop] = [0, 0];
  if (stop < 0) stop = text.length;
  if (stop - start >= limit) return text.slice(start, start + limit).join("");
  let from = Math.max(0, start - Math.floor((limit - (stop - start)) / 2));
  let to = Math.min(text.length, from + limit);
  from = Math.max(0, to - limit);
  // Not in the middle of a word: after the first space of the window before the match, up to the last after it.
  if (from > 0 && !isSpace(text[from - 1])) {
    const space = text.slice(from, start).findIndex(isSpace);
    if (space >= 0) from += space + 1;
  }
  if (to < text.length && !isSpace(text[to])) {
    let space = to;
    while (space > stop && !isSpace(text[space])) space--;
    if (space > stop) to = space;
  }
  return text.slice(from, to).join("").trim();
}

export async function searchMessages(db: DriverQueries, organizationId: number, userExternalId: string, options: { q: string; limit: number }) {
  const userId = await userIdOf(db, organizationId, userExternalId);
  const rows: SearchResult[] = await db.rows(SEARCH_MESSAGES, { organizationId, userId, q: options.q, limit: options.limit, snippetLimit: SNIPPET_LIMIT });
  const results = rows.map((row) => ({ ...row, snippet: snippetOf(row.snippet, SNIPPET_LIMIT) }));
  return { userExternalId, results };
}
