import type { Database } from "../db/database.ts";
import { ingestThread, type ThreadInput } from "../threads/ingest.ts";
import type { FactExtractor } from "./facts/extractor.ts";
import { keepFacts } from "./facts/keeper.ts";
import type { SummaryKeeper } from "./summaryKeeper.ts";

/**
 * Create Thread with the thread's memory summary and the user's facts kept current: the built-in
 * summary and the facts inside the ingest transaction, the refined summary after it commits.
 */
export async function ingestThreadWithSummary(
  database: Pick<Database, "driver">,
  summaries: SummaryKeeper,
  organizationId: number,
  input: ThreadInput,
  facts?: FactExtractor,
) {
  let summarized = false;
  const result = await ingestThread(database, organizationId, input, async (tx, threadOrganizationId, threadId, state) => {
    summarized = await summaries.summarizeNow(tx, threadOrganizationId, threadId, state);
    if (facts) await keepFacts(tx, facts, threadOrganizationId, threadId, state);
  });
  if (summarized) summaries.refineLater(organizationId, result.thread.id);
  return result;
}
