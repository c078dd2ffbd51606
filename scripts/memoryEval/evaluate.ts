import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.ts";
import { IN_MEMORY, openDatabase } from "../../src/db/database.ts";
import { loadConversation } from "../../src/memory/conversation.ts";
import { initOrganization } from "../../src/organizations/organizations.ts";
import { BUILTIN_WINDOW, summarizeConversation } from "../../src/summarizer/builtin.ts";
import type { Summarizer } from "../../src/summarizer/summarizer.ts";
import type { Domain, MemoryCase } from "../../test/fixtures/memory/index.ts";
import { position, score, type Position } from "./score.ts";

export interface CaseResult {
  id: string;
  domain: Domain;
  language: string;
  messages: number;
  summary: string;
  facts: number;
  found: number;
  missed: string[];
  /** Gold facts by where they are first stated, and how many of those were found. */
  byPosition: Record<Position, { facts: number; found: number }>;
  changed: number;
  staleShown: string[];
  /** The built-in summarizer: CPU time of one summary; an LLM: wall time of its answer. */
  summaryMs: number;
}

const BATCHES = 5;
const BATCH_SIZE = 5;

/**
 * CPU time (user + system) of one built-in summary of the window the service reads: the median
 * of five batches of five, after a first run, so that a busy machine or a garbage collection
 * during one batch does not count.
 */
function builtinCpuMs(conversation: Parameters<typeof summarizeConversation>[0]): number {
  summarizeConversation(conversation);
  const batches = Array.from({ length: BATCHES }, () => {
    const before = process.cpuUsage();
    for (let i = 0; i < BATCH_SIZE; i++) summarizeConversation(conversation);
    const { user, system } = process.cpuUsage(before);
    return (user + system) / 1000 / BATCH_SIZE;
  });
  return batches.sort((a, b) => a - b)[Math.floor(BATCHES / 2)]!;
}

/** A refiner that reports each summary it returns, with the time it took, so the run can wait for it to be stored. */
function observed(refiner: Summarizer) {
  const returned = new Map<string, { summary: string; ms: number }>();
  const wrapped: Summarizer = {
    name: refiner.name,
    window: refiner.window,
    async summarize(conversation, signal) {
      const started = performance.now();
      const summary = await refiner.summarize(conversation, signal);
      returned.set(conversation.messages.at(-1)?.content ?? "", { summary, ms: performance.now() - started });
      return summary;
    },
  };
  return { wrapped, returned };
}

async function memoryOf(app: FastifyInstance, key: string, userExternalId: string): Promise<string> {
  const response = await app.inject({ method: "GET", url: "/api/external/memory", query: { userExternalId }, headers: { authorization: `Bearer ${key}` } });
  if (response.statusCode !== 200) throw new Error(`memory of ${userExternalId}: ${response.statusCode} ${response.body}`);
  return (response.json() as { summary: string }).summary;
}

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Ingests each conversation with Create Thread on a fresh in-memory database, reads its memory
 * with the memory lookup and scores it. With a `refiner` (an LLM), waits for its summary to
 * replace the built-in one (up to `refineTimeoutMs`; a failed refinement leaves the built-in one).
 */
export async function evaluateMemory(cases: MemoryCase[], refiner?: Summarizer, refineTimeoutMs = 120_000): Promise<CaseResult[]> {
  const database = await openDatabase({ dataDir: IN_MEMORY });
  await database.migrate();
  const watch = refiner ? observed(refiner) : undefined;
  const app = await buildApp({ database, summarizer: watch?.wrapped, metrics: false });
  try {
    const { organizationId, privateKey } = await initOrganization(database.prisma, "memory-eval", "default");
    const results: CaseResult[] = [];
    for (const memoryCase of cases) {
      const userExternalId = `user-${memoryCase.id}`;
      const ingest = await app.inject({
        method: "POST",
        url: "/api/external/threads",
        headers: { "api-key": privateKey },
        payload: {
          externalId: memoryCase.id,
          externalUser: { externalId: userExternalId },
          messages: memoryCase.messages.map((message, index) => ({ ...message, externalId: `m${index}` })),
        },
      });
      if (ingest.statusCode !== 201) throw new Error(`ingest of ${memoryCase.id}: ${ingest.statusCode} ${ingest.body}`);
      const thread = ingest.json() as { id: number; messages: { id: number }[] };
      let summary = await memoryOf(app, privateKey, userExternalId);
      let summaryMs: number;
      if (watch) {
        const last = memoryCase.messages.at(-1)!.content;
        const refined = await waitFor(async () => watch.returned.get(last), refineTimeoutMs);
        if (refined) summary = (await waitFor(async () => ((await memoryOf(app, privateKey, userExternalId)) === refined.summary ? refined.summary : undefined), 2000)) ?? summary;
        summaryMs = refined?.ms ?? NaN;
        watch.returned.delete(last);
      } else {
        const lastMessageId = thread.messages.at(-1)!.id;
        summaryMs = builtinCpuMs(await loadConversation(database.driver, organizationId, thread.id, BUILTIN_WINDOW, lastMessageId));
      }
      const { found, missed, staleShown } = score(summary, memoryCase.facts, memoryCase.changed);
      const byPosition: CaseResult["byPosition"] = { early: { facts: 0, found: 0 }, middle: { facts: 0, found: 0 }, late: { facts: 0, found: 0 } };
      for (const fact of memoryCase.facts) {
        const where = position(memoryCase.messages, fact) ?? "early";
        byPosition[where].facts++;
        if (found.includes(fact)) byPosition[where].found++;
      }
      results.push({
        id: memoryCase.id,
        domain: memoryCase.domain,
        language: memoryCase.language,
        messages: memoryCase.messages.length,
        summary,
        facts: memoryCase.facts.length,
        found: found.length,
        missed,
        byPosition,
        changed: memoryCase.changed.length,
        staleShown: staleShown.map(({ stale }) => stale),
        summaryMs,
      });
    }
    return results;
  } finally {
    await app.close();
    await database.close();
  }
}
