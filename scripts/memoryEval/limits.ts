import { summarizeConversation } from "../../src/summarizer/builtin.ts";
import type { MemoryCase } from "../../test/fixtures/memory/index.ts";
import { score } from "./score.ts";

export interface LimitResult {
  limit: number;
  recall: number;
  staleShown: number;
  meanLength: number;
}

/**
 * Recall and stale facts of the built-in summarizer at other length limits than the service's,
 * on whole conversations (the service's window holds every message of the fixture): what each
 * extra character of memory buys.
 */
export function recallByLimit(cases: MemoryCase[], limits: number[]): LimitResult[] {
  return limits.map((limit) => {
    let facts = 0;
    let found = 0;
    let staleShown = 0;
    let length = 0;
    for (const { messages, facts: gold, changed } of cases) {
      const summary = summarizeConversation({ messages, truncated: false }, limit);
      const result = score(summary, gold, changed);
      facts += gold.length;
      found += result.found.length;
      staleShown += result.staleShown.length;
      length += summary.length;
    }
    return { limit, recall: found / facts, staleShown, meanLength: length / cases.length };
  });
}
